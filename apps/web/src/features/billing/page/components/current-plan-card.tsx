import { Group, Text } from '@mantine/core';
import {
  renewalLine,
  subscriptionPrice,
  subscriptionSeats,
  timestampOf,
  type BillingInterval,
  type Subscription,
} from '@mergeboard/core';
import { formatLongDate } from '../../../../ui/format-long-date';
import { BillingSection } from './billing-section';
import { CycleChangeLink } from './cycle-change-link';
import { ManageBillingButton } from './manage-billing-button';
import { ScheduledCycleChange } from './scheduled-cycle-change';

/**
 * BILL-007, BILL-012 BILL-013 BILL-014, BILL-033: the paid plan: its name, the seats used, the price per
 * period in the subscription's currency (with the tax lines for EUR, PRICE-004), when it renews or ends,
 * a scheduled cycle change or the way to make one, and Manage billing where the provider's portal
 * serves it. A legacy space without a subscription record shows its name only.
 */
export function CurrentPlanCard({
  label,
  subscription,
  prefix,
  cycleTarget,
  manageBilling,
}: {
  label: string;
  subscription: Subscription | null;
  prefix: string;
  cycleTarget: BillingInterval | null;
  manageBilling: boolean;
}) {
  return (
    <BillingSection title={`Current plan: ${label}`}>
      {subscription && <SubscriptionDetails subscription={subscription} />}
      {cycleTarget && <CycleChangeLink prefix={prefix} target={cycleTarget} />}
      {subscription && manageBilling && <ManageBillingButton workspaceId={subscription.workspaceId} />}
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
      <ScheduledCycleChange subscription={subscription} />
    </>
  );
}
