import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { REMOVE_CONFIRMATION, removeConfirmationTitle } from '@mergeboard/core';

/** MEM-012, MEM-013: 'Remove {name} from {space}?' or 'Remove these members from {space}?'. */
export function RemoveConfirmation({
  opened,
  names,
  spaceName,
  busy,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  names: readonly string[];
  spaceName: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={removeConfirmationTitle(names, spaceName)}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      zIndex={400}
    >
      <Stack>
        <Text size="sm">{REMOVE_CONFIRMATION.text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {REMOVE_CONFIRMATION.cancel}
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy}>
            {REMOVE_CONFIRMATION.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
