import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import {
  cancelDowngradeOrigin,
  cancelsScheduledRemoval,
  SEAT_TEXTS,
  scheduledRemovalText,
  seesScheduledRemoval,
  type CancelDowngradeOrigin,
} from '@mergeboard/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../../config/paths';
import { formatLongDate } from '../../../../ui/format-long-date';
import { useSpace } from '../../../spaces';
import { useScheduledRemoval } from '../api/scheduled-removal';

// The dialog (and Mantine's Modal) loads when it first opens.
const CancelDowngradeDialog = lazy(async () => ({
  default: (await import('./cancel-downgrade-dialog')).CancelDowngradeDialog,
}));

/**
 * SEAT-026 SEAT-027 SEAT-028 SEAT-029 SEAT-030 (C1): the scheduled downgrade, its target seats and date, for
 * the owner and the admins. The owner may cancel it in a dialog, which also opens when the page is reached
 * with the navigation state `{ cancelDowngrade }` (from the Users page's seat actions, or the billing
 * page's own); an admin is told to ask the owner. After a cancel the page says it succeeded.
 */
export function ScheduledRemovalBanner() {
  const { space } = useSpace();
  if (!seesScheduledRemoval({ workspacePlan: space.workspacePlan, role: space.userRole })) return null;
  return <OwnerOrAdminBanner />;
}

function OwnerOrAdminBanner() {
  const { space, details, prefix } = useSpace();
  const { removal } = useScheduledRemoval();
  const location = useLocation();
  const navigate = useNavigate();
  const isOwner = cancelsScheduledRemoval(space.userRole);
  const requested = cancelDowngradeOrigin(location.state);
  const [opened, setOpened] = useState(false);
  const [mounted, setMounted] = useState(false);
  const [origin, setOrigin] = useState<CancelDowngradeOrigin | null>(null);
  const [cancelled, setCancelled] = useState(false);
  // The removal the dialog is about: the cancel reads the removal again (none now) before its
  // success reaches the dialog, which must still be there to hear it.
  const [shown, setShown] = useState(removal);
  if (removal && removal !== shown) setShown(removal);

  const open = () => {
    setMounted(true);
    setOpened(true);
  };

  // SEAT-030: the navigation state opens the dialog once the removal is known (set while
  // rendering, as React does for state derived from props)…
  if (requested && isOwner && removal && origin === null) {
    setOrigin(requested);
    setMounted(true);
    setOpened(true);
  }
  // …and is then dropped, so a reload or Back does not ask again.
  useEffect(() => {
    if (requested && origin) {
      void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    }
  }, [requested, origin, navigate, location.pathname, location.search]);

  return (
    <>
      {cancelled && (
        <Alert
          color="green"
          role="status"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setCancelled(false)}
        >
          <Stack gap={4}>
            <Text size="sm">{SEAT_TEXTS.downgradeCancelled}</Text>
            {origin === 'users' && !location.pathname.startsWith(paths.space.users.getHref(prefix)) && (
              <Anchor component={Link} to={paths.space.users.getHref(prefix)} size="sm" w="fit-content">
                Back to users
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
      {removal && (
        <Alert color="yellow" title="Seat downgrade scheduled">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {scheduledRemovalText(
                removal.targetSeatsQuantity,
                formatLongDate(removal.removeSeatsAtTimestamp),
              )}
            </Text>
            {isOwner ? (
              <Button size="compact-sm" variant="outline" color="red" onClick={open}>
                Cancel downgrade
              </Button>
            ) : (
              <Text size="sm">
                To cancel it,{' '}
                {details?.ownerEmail ? (
                  <Anchor href={`mailto:${details.ownerEmail}`} c="inherit" underline="always">
                    please contact the space owner
                  </Anchor>
                ) : (
                  'please contact the space owner'
                )}
                .
              </Text>
            )}
          </Stack>
        </Alert>
      )}
      {mounted && shown && isOwner && (
        <Suspense fallback={null}>
          <CancelDowngradeDialog
            opened={opened}
            onClose={() => setOpened(false)}
            onCancelled={() => {
              setOpened(false);
              setCancelled(true);
            }}
            workspaceId={space.workspaceId}
            removal={shown}
          />
        </Suspense>
      )}
    </>
  );
}
