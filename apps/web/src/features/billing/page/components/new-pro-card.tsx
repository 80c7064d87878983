import { Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { BillingSection } from './billing-section';

/** BILL-009: a legacy space in the per-seat model is offered the per-seat Pro plan. */
export function NewProCard({ purchaseTo }: { purchaseTo: string }) {
  return (
    <BillingSection title="Get the new Pro plan">
      <Text size="sm">Pay per seat, choose who is paid, and add or remove seats when your team changes.</Text>
      <Button component={Link} to={purchaseTo} w="fit-content">
        Upgrade
      </Button>
    </BillingSection>
  );
}
