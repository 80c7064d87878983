import { Alert, Button, Stack } from '@mantine/core';
import { useSpace } from '../../spaces';
import { useSendTestEmail, type TestEmail } from '../api/send-test-email';

/** 'Send a test email': the previewed row's message, sent to the signed-in person. */
export function TestEmailButton({ email, disabled }: { email: TestEmail; disabled: boolean }) {
  const { space } = useSpace();
  const send = useSendTestEmail(space.workspaceId);
  return (
    <Stack gap="xs">
      <Button
        variant="default"
        onClick={() => send.mutate(email)}
        loading={send.isPending}
        disabled={disabled}
      >
        Send a test email
      </Button>
      {send.isSuccess && (
        <Alert color="green" role="status">
          Test email for row {email.rowNumber} sent to {send.data.sentTo}.
        </Alert>
      )}
      {send.isError && (
        <Alert color="red" role="alert">
          {send.error.message}
        </Alert>
      )}
    </Stack>
  );
}
