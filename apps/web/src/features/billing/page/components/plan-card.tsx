import { Button, Group, List, Text } from '@mantine/core';
import { formatMoney, type PricingPlan } from '@mergeboard/core';
import { Link } from 'react-router';
import { BillingSection } from './billing-section';
import { RecipientsHelp } from './recipients-help';

/**
 * RES-023, RES-024, PRICE-026: a plan's card: title, who it is for, the price per month of a
 * yearly payment in USD, the yearly price billed annually, its features and one action.
 */
export function PlanCard({
  plan,
  price,
  action,
  quotaConditions = false,
}: {
  plan: PricingPlan;
  /** Cents, USD. */
  price: { perMonth: number; perYear: number };
  action: { label: string; to: string };
  quotaConditions?: boolean;
}) {
  return (
    <BillingSection title={plan.label} maw={360}>
      <Text size="sm" c="dimmed" mt={-8}>
        {plan.target}
      </Text>
      <Group gap={4} align="baseline">
        <Text fz={32} fw={700}>
          {formatMoney(price.perMonth, 'USD')}
        </Text>
        <Text>/ month</Text>
      </Group>
      <Text size="sm">{formatMoney(price.perYear, 'USD')} billed annually</Text>
      <List size="sm" spacing={4}>
        <List.Item>All features included</List.Item>
        <List.Item>No branded footer</List.Item>
        <List.Item>
          Up to {plan.recipientsPerDay.toLocaleString('en-US')} recipients / day{' '}
          <RecipientsHelp plan={plan} quotaConditions={quotaConditions} />
        </List.Item>
        <List.Item>1 user</List.Item>
        <List.Item>Priority support</List.Item>
      </List>
      <Button component={Link} to={action.to}>
        {action.label}
      </Button>
    </BillingSection>
  );
}
