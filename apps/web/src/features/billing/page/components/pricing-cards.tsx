import { Button, Group, Loader, Text } from '@mantine/core';
import { PRICING_PLANS, perMonthOfYearly, type AccountType } from '@mergeboard/core';
import { useYearlySeatPrices } from '../api/list-payment-plans';
import { PlanCard } from './plan-card';

/**
 * BILL-008, PRICE-007, PRICE-026: the plan the account can buy, priced from the ACTIVE USD yearly
 * per-seat payment plans, shown per month and billed annually.
 */
export function PricingCards({ accountType, purchaseTo }: { accountType: AccountType; purchaseTo: string }) {
  const plans = useYearlySeatPrices({ enabled: true });
  const plan = PRICING_PLANS[accountType];
  if (plans.isPending) return <Loader size="sm" role="status" aria-label="Loading prices" />;
  if (plans.isError) {
    return (
      <Group gap="xs">
        <Text size="sm">The prices could not be loaded.</Text>
        <Button variant="subtle" size="compact-sm" onClick={() => void plans.refetch()}>
          Try again
        </Button>
      </Group>
    );
  }
  const perYear = plans.data.find((candidate) => candidate.listPricePlan === plan.listPricePlan)
    ?.paymentPlanTiers[0]?.unitAmount;
  if (perYear === undefined) return <Text size="sm">No plan is on sale for your account right now.</Text>;
  return (
    <PlanCard
      plan={plan}
      price={{ perMonth: perMonthOfYearly(perYear), perYear }}
      action={{ label: 'Upgrade', to: purchaseTo }}
    />
  );
}
