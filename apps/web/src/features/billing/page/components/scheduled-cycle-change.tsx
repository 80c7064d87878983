import { Alert, Anchor, Button, Group, Modal, Text } from '@mantine/core';
import {
  formatMoney,
  GENERIC_ERROR,
  scheduledChangeLine,
  timestampOf,
  type Subscription,
} from '@mergeboard/core';
import { useState } from 'react';
import { useUpdateSubscription } from '../../api/update-subscription';
import { formatLongDate } from '../../../../ui/format-long-date';

/**
 * BILL-013 BILL-014 BILL-015: a scheduled billing-cycle change: when it starts and its first price at the new
 * interval (what the upcoming invoice will ask, coupon and tax included), with '(cancel this
 * change)', which asks first and then drops it. A failed cancel shows the generic error, which
 * cannot be closed (ALERT-009): the change is still scheduled.
 */
export function ScheduledCycleChange({ subscription }: { subscription: Subscription }) {
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateSubscription(subscription.workspaceId);
  const change = subscription.scheduledChanges;
  const amountDue = subscription.additionalStripeInfo?.upcomingInvoice?.amountDue;
  if (!change || amountDue === undefined) return null;

  const cancel = () =>
    update.mutate(
      { subscriptionId: subscription.subscriptionId, body: { cancelScheduledBillingIntervalChange: true } },
      { onSettled: () => setConfirming(false) },
    );

  return (
    <>
      <Text size="sm">
        {scheduledChangeLine(
          formatLongDate(timestampOf(change.changeTimestamp)),
          formatMoney(amountDue, subscription.currency),
          change.targetBillingInterval,
        )}{' '}
        <Anchor component="button" type="button" size="sm" onClick={() => setConfirming(true)}>
          (cancel this change)
        </Anchor>
      </Text>
      {update.isError && (
        <Alert color="red" role="alert" title={GENERIC_ERROR.title}>
          {GENERIC_ERROR.message}
        </Alert>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Cancel the change of your billing cycle?"
      >
        <Text size="sm">Your subscription will keep its current billing cycle.</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={update.isPending}>
            No, keep it
          </Button>
          <Button onClick={cancel} loading={update.isPending} data-autofocus>
            Yes, cancel the change
          </Button>
        </Group>
      </Modal>
    </>
  );
}
