import { Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { INVITATION_TEXTS } from '@mergeboard/core';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/page-title';
import { CenteredPage } from '../../../ui/centered-page';
import { errorAlert, joinedAlert, useAlerts } from '../../alerts';
import { useCurrentUser } from '../../auth';
import { bestSpace, findSpace, useRefreshSpaces } from '../../spaces';
import { useAcceptInvitation } from '../api/accept-invitation';
import { invitationFailureReason } from '../invitation-errors';

/**
 * /invitations/{token}/{status?} (ROUTE-006, INV-001 INV-002 INV-003 INV-004 INV-005 INV-006 INV-007 INV-008
 * INV-009 INV-010 INV-011 INV-012). With status 'accept' the invitation is accepted at once; otherwise an
 * Accept button does it. Success refreshes the user and opens the joined space with the join alert; a failure
 * opens the user's own space with the reason.
 */
export function Component() {
  usePageTitle('Invitation');
  const { token = '', status } = useParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { showAlert } = useAlerts();
  const refreshSpaces = useRefreshSpaces();
  const accept = useAcceptInvitation();
  const started = useRef(false);

  const run = async () => {
    if (started.current) return;
    started.current = true;
    try {
      const joined = await accept.mutateAsync({ token });
      const fresh = await refreshSpaces();
      const space = findSpace(fresh?.userWorkspaces, joined.workspaceId);
      const target = space ? paths.space.sent.getHref(space.urlPrefix) : paths.home.getHref();
      showAlert(joinedAlert(joined.workspaceName, joined.isActiveWorkspace, target));
      void navigate(target, { replace: true });
    } catch (failure) {
      const own = bestSpace(user.data?.userWorkspaces);
      const target = own ? paths.space.sent.getHref(own.urlPrefix) : paths.home.getHref();
      const reason = invitationFailureReason(failure);
      showAlert(errorAlert(reason ? { title: INVITATION_TEXTS.failed, message: reason } : undefined, target));
      void navigate(target, { replace: true });
    }
  };
  const runRef = useRef(run);
  useEffect(() => {
    runRef.current = run;
  });

  useEffect(() => {
    if (status === 'accept') void runRef.current();
  }, [status]);

  const busy = status === 'accept' || accept.isPending || accept.isSuccess;
  return (
    <CenteredPage>
      <Paper withBorder p="xl" maw={440} w="100%">
        {busy ? (
          <Stack align="center" gap="sm" role="status" aria-label="Joining the space">
            <Loader />
            <Text>Joining the space…</Text>
          </Stack>
        ) : (
          <Stack gap="md">
            <Title order={1} size="h3">
              You have been invited to a space
            </Title>
            <Text c="dimmed">Accept the invitation to join the space and work with its members.</Text>
            <Button onClick={() => void run()}>Accept</Button>
          </Stack>
        )}
      </Paper>
    </CenteredPage>
  );
}
