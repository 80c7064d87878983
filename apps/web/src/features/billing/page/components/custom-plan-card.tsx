import { Text } from '@mantine/core';
import { PLAN_LABELS } from '@mergeboard/core';
import { env } from '../../../../config/env';
import { ConfiguredLink } from '../../../../ui/configured-link';
import { BillingSection } from './billing-section';

/** BILL-010: a plan set up by our team has no price to show; sales handles changes. */
export function CustomPlanCard() {
  return (
    <BillingSection title={`Current plan: ${PLAN_LABELS.CUSTOM}`}>
      <Text size="sm">
        <ConfiguredLink href={env.supportUrl} hideWithout>
          Contact sales
        </ConfiguredLink>
      </Text>
    </BillingSection>
  );
}
