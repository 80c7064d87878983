import { Anchor, List, Text } from '@mantine/core';
import { PLAN_LABELS } from '@mergeboard/core';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { BillingSection } from './billing-section';

/**
 * BILL-011, BILL-042: a free space, or one without a live subscription. A canceled one (BILL-017)
 * is told so, with the way to buy again (BILL-003).
 */
export function FreePlanCard({
  prefix,
  dailyQuota,
  canceled,
}: {
  prefix: string;
  dailyQuota: number;
  canceled: boolean;
}) {
  return (
    <BillingSection title={`Current plan: ${PLAN_LABELS.FREE}`}>
      <List size="sm" spacing={4}>
        <List.Item>Mass send</List.Item>
        <List.Item>Tracking</List.Item>
        <List.Item>Up to {dailyQuota} recipients / day</List.Item>
      </List>
      {canceled && (
        <Text size="sm">
          Your subscription has been canceled.{' '}
          <Anchor component={Link} to={paths.space.billing.getHref(prefix, '?show-plans=1')}>
            Purchase a new subscription
          </Anchor>
        </Text>
      )}
    </BillingSection>
  );
}
