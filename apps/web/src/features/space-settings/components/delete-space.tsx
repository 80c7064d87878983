import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { errorAlert, removedAlert, useAlerts } from '../../alerts';
import { bestSpace, useDeleteWorkspace, useRefreshSpaces, useSpace } from '../../spaces';

/** SPACE-017: delete the space after confirming, then switch to another space with the alert. */
export function DeleteSpace() {
  const { space } = useSpace();
  const remove = useDeleteWorkspace();
  const refreshSpaces = useRefreshSpaces();
  const { showAlert } = useAlerts();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  const confirm = async () => {
    try {
      await remove.mutateAsync({ workspaceId: space.workspaceId });
      const fresh = await refreshSpaces();
      const next = bestSpace(
        fresh?.userWorkspaces?.filter((other) => other.workspaceId !== space.workspaceId),
      );
      const target = next ? paths.space.sent.getHref(next.urlPrefix) : paths.home.getHref();
      showAlert(removedAlert(space.workspaceName, target));
      setConfirming(false);
      void navigate(target);
    } catch {
      setConfirming(false);
      showAlert(errorAlert());
    }
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="delete-space-title">
      <Stack>
        <Title order={2} size="h4" id="delete-space-title">
          Delete space
        </Title>
        <Text size="sm" c="dimmed">
          Deleting the space removes it for every member. This cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button color="red" variant="outline" onClick={() => setConfirming(true)}>
            Delete space
          </Button>
        </Group>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Delete space" centered>
        <Stack>
          <Text size="sm">Delete {space.workspaceName}? This cannot be undone.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void confirm()} loading={remove.isPending}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
