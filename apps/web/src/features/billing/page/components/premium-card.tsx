import { Button, List, Text } from '@mantine/core';
import { PLAN_LABELS, PREMIUM_FEATURES } from '@mergeboard/core';
import { Link } from 'react-router';
import { env } from '../../../../config/env';
import { ConfiguredLink } from '../../../../ui/configured-link';
import { BillingSection } from './billing-section';

/**
 * Where Premium is had (issue 24 item 7): the shared lists send an owner here (UNSUB-014,
 * BOUNCE-013), so the page says how. The older checkout sells Premium (CHK-043); the per-seat
 * checkout sells Pro only (CHK-042), so a per-seat space is told who can move it instead of being
 * shown a button that would sell it Pro.
 */
export function PremiumCard({ checkoutTo }: { checkoutTo: string | null }) {
  return (
    <BillingSection title={PLAN_LABELS.PREMIUM} maw={480}>
      <List size="sm" spacing={4}>
        {PREMIUM_FEATURES.map((feature) => (
          <List.Item key={feature}>{feature}</List.Item>
        ))}
      </List>
      {checkoutTo ? (
        <Button component={Link} to={checkoutTo} w="fit-content">
          Upgrade to {PLAN_LABELS.PREMIUM}
        </Button>
      ) : (
        <Text size="sm">
          Seats are sold on the {PLAN_LABELS.PRO} plan.{' '}
          {env.supportUrl ? (
            <>
              <ConfiguredLink href={env.supportUrl}>Contact support</ConfiguredLink> to move this space to{' '}
              {PLAN_LABELS.PREMIUM}.
            </>
          ) : (
            `To move this space to ${PLAN_LABELS.PREMIUM}, ask the people who run this Mergeboard.`
          )}
        </Text>
      )}
    </BillingSection>
  );
}
