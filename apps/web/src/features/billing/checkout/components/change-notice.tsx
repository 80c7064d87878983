import { Paper, Text, Title } from '@mantine/core';
import {
  formatMoney,
  subscriptionChangeTiming,
  subscriptionChangeTitle,
  type PaymentInfo,
  type PurchaseChoice,
  type Subscription,
} from '@mergeboard/core';

const CHANGE_TITLES = {
  CYCLE_CHANGE: 'Change your billing cycle',
  DOWNGRADE: 'Downgrade your plan',
  UPGRADE: 'Upgrade your plan',
} as const;

/** CHK-044 CHK-045 CHK-046: what a change of the live subscription is and when it applies. */
export function ChangeNotice({
  subscription,
  info,
  target,
}: {
  subscription: Subscription;
  info: PaymentInfo;
  target: PurchaseChoice;
}) {
  const title = subscriptionChangeTitle({
    currentInterval: subscription.billingInterval,
    targetInterval: target.billingInterval,
    currentPlan: subscription.workspacePlan,
    targetPlan: target.workspacePlan,
    currentAmount: subscription.amount,
    targetAmount: info.subtotal,
  });
  const timing = subscriptionChangeTiming({
    currentInterval: subscription.billingInterval,
    targetInterval: target.billingInterval,
    chargedToday: info.chargedToday,
  });
  const message = {
    END_OF_CYCLE: 'The change to monthly billing applies at the end of your current billing cycle.',
    PRORATED_TODAY: `${formatMoney(info.chargedToday, info.currency)} is charged today, pro-rated for the ${info.proratedDays ?? 0} days left in your billing cycle.`,
    AT_RENEWAL: 'Your changes apply at renewal.',
  }[timing];
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="change-title">
      <Title order={2} size="h4" id="change-title">
        {CHANGE_TITLES[title]}
      </Title>
      <Text size="sm" mt="xs">
        {message}
      </Text>
    </Paper>
  );
}
