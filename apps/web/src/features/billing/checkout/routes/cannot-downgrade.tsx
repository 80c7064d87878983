import { Alert, Title } from '@mantine/core';
import { CANNOT_DOWNGRADE_TEXT, CHECKOUT_STEPS } from '@mergeboard/core';
import { usePageTitle } from '../../../../lib/page-title';
import { CheckoutFrame } from '../components/checkout-frame';

/** CHK-088: {prefix}/checkout/cannot-downgrade, a downgrade that would leave no paid user. Back leads to billing. */
export function Component() {
  usePageTitle('Checkout');
  return (
    <CheckoutFrame steps={[]} current={CHECKOUT_STEPS.review}>
      <Title order={1} size="h2">
        Change your plan
      </Title>
      <Alert color="red" role="alert" title={CANNOT_DOWNGRADE_TEXT} />
    </CheckoutFrame>
  );
}
