import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { scheduledRemovalText, type ScheduledSeatRemoval } from '@mergeboard/core';
import { formatLongDate } from '../../../../ui/format-long-date';
import { useCancelScheduledRemoval } from '../api/scheduled-removal';

/**
 * SEAT-028, SEAT-029: the owner cancels the scheduled downgrade. On success the dialog closes and
 * the page says so (`onCancelled`); a failure stays in the dialog with the generic message.
 * Mantine's Modal traps the focus, starts it on the first button and gives it back on close.
 */
export function CancelDowngradeDialog({
  opened,
  onClose,
  onCancelled,
  workspaceId,
  removal,
}: {
  opened: boolean;
  onClose: () => void;
  onCancelled: () => void;
  workspaceId: string;
  removal: ScheduledSeatRemoval;
}) {
  const cancel = useCancelScheduledRemoval(workspaceId);
  const close = () => {
    cancel.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Cancel the scheduled downgrade"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Text size="sm">
          {scheduledRemovalText(removal.targetSeatsQuantity, formatLongDate(removal.removeSeatsAtTimestamp))}
        </Text>
        <Text size="sm">If you cancel it, your subscription keeps its current seats when it renews.</Text>
        {cancel.isError && (
          <Alert color="red" role="alert" title="Something went wrong.">
            Please try again later.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={cancel.isPending}>
            Keep the downgrade
          </Button>
          <Button
            color="red"
            loading={cancel.isPending}
            onClick={() =>
              cancel.mutate(removal.subscriptionId, {
                onSuccess: () => {
                  cancel.reset();
                  onCancelled();
                },
              })
            }
          >
            Cancel the downgrade
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
