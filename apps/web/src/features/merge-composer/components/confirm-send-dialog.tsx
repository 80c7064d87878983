import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';

interface ConfirmSendDialogProps {
  opened: boolean;
  /** What will happen, e.g. 'Send 16 emails now?'. */
  question: string;
  confirmLabel: string;
  sending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** The last word before anything is sent: nothing goes out until it is confirmed here. */
export function ConfirmSendDialog(props: ConfirmSendDialogProps) {
  const { opened, question, confirmLabel, sending, error, onConfirm, onClose } = props;
  return (
    <Modal opened={opened} onClose={onClose} title="Send this mail merge?" closeOnClickOutside={!sending}>
      <Stack gap="md">
        <Text>{question}</Text>
        {error && (
          <Alert color="red" role="alert" title="The mail merge was not sent">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={sending}>
            Cancel
          </Button>
          <Button onClick={onConfirm} loading={sending} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
