import { Group, Text } from '@mantine/core';
import {
  renewalLine,
  scheduledChangeLine,
  formatMoney,
  subscriptionPrice,
  subscriptionSeats,
  timestampOf,
  type Subscription,
} from '@mergeboard/core';
import { formatLongDate } from '../../../ui/format-long-date';
import { BillingSection } from './billing-section';

/**
 * BILL-007, BILL-012, BILL-013: the paid plan: its name, the seats used, the price per period in
 * the subscription's currency (with the tax lines for EUR, PRICE-004), and when it renews or ends.
 * A legacy space without a subscription record shows its name only.
 */
export function CurrentPlanCard({
  label,
  subscription,
}: {
  label: string;
  subscription: Subscription | null;
}) {
  return (
    <BillingSection title={`Current plan: ${label}`}>
      {subscription && <SubscriptionDetails subscription={subscription} />}
    </BillingSection>
  );
}

function SubscriptionDetails({ subscription }: { subscription: Subscription }) {
  const seats = subscriptionSeats(subscription);
  const { price, lines } = subscriptionPrice(subscription);
  const end = formatLongDate(timestampOf(subscription.endTimestamp));
  return (
    <>
      {seats.assigned > 0 && (
        <Text>
          {seats.total === null
            ? `${seats.assigned} seats used (unlimited)`
            : `${seats.assigned} of ${seats.total} seats used`}
        </Text>
      )}
      <Text fw={700} size="lg">
        {price}
      </Text>
      {lines.map((line) => (
        <Group key={line.label} justify="space-between" maw={320}>
          <Text size="sm">{line.label}</Text>
          <Text size="sm">{line.value}</Text>
        </Group>
      ))}
      <Text size="sm">{renewalLine(subscription.autoRenew, end)}</Text>
      <ScheduledChange subscription={subscription} />
    </>
  );
}

/** BILL-013: the next period's price is what the upcoming invoice will ask (coupon and tax included). */
function ScheduledChange({ subscription }: { subscription: Subscription }) {
  const change = subscription.scheduledChanges;
  const amountDue = subscription.additionalStripeInfo?.upcomingInvoice?.amountDue;
  if (!change || amountDue === undefined) return null;
  return (
    <Text size="sm">
      {scheduledChangeLine(
        formatLongDate(timestampOf(change.changeTimestamp)),
        formatMoney(amountDue, subscription.currency),
        change.targetBillingInterval,
      )}
    </Text>
  );
}
