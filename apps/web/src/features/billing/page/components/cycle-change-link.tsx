import { Anchor, Text } from '@mantine/core';
import { CYCLE_CHANGE_PARAM, type BillingInterval } from '@mergeboard/core';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';

const LABELS: Record<BillingInterval, string> = {
  MONTHLY: 'Switch to monthly billing',
  YEARLY: 'Switch to yearly billing',
};

/** 000 §2: a billing-cycle change starts at /checkout?change-billing-cycle=1 (the wording is ours). */
export function CycleChangeLink({ prefix, target }: { prefix: string; target: BillingInterval }) {
  return (
    <Text size="sm">
      <Anchor component={Link} to={paths.space.checkoutStart.getHref(prefix, `?${CYCLE_CHANGE_PARAM}=1`)}>
        {LABELS[target]}
      </Anchor>
    </Text>
  );
}
