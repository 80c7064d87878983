import { Button, Group, Text } from '@mantine/core';
import { GENERIC_ERROR } from '@mergeboard/core';
import { useOpenCustomerPortal } from '../../api/customer-portal';

/** BILL-033: the payment provider's customer portal (card, invoices, cancellation), back to this page. */
export function ManageBillingButton({ workspaceId }: { workspaceId: string }) {
  const portal = useOpenCustomerPortal(workspaceId);
  return (
    <Group gap="sm">
      <Button variant="default" w="fit-content" loading={portal.busy} onClick={() => void portal.open()}>
        Manage billing
      </Button>
      {portal.failed && (
        <Text size="sm" c="red.9" role="alert">
          {GENERIC_ERROR.title} {GENERIC_ERROR.message}
        </Text>
      )}
    </Group>
  );
}
