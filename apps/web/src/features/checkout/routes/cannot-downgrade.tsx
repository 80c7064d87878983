import { Alert, Anchor } from '@mantine/core';
import { CHECKOUT_STEPS } from '@mergeboard/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/page-title';
import { useSpace } from '../../spaces';
import { CheckoutFrame } from '../components/checkout-frame';

/** CHK-088: {prefix}/checkout/cannot-downgrade, a downgrade that would leave no paid user. */
export function Component() {
  usePageTitle('Checkout');
  const { prefix } = useSpace();
  return (
    <CheckoutFrame steps={[]} current={CHECKOUT_STEPS.review}>
      <Alert
        color="red"
        role="alert"
        title="You cannot downgrade. At least one user must be paid as long as a subscription is active."
      >
        <Anchor component={Link} to={paths.space.billing.getHref(prefix)}>
          Back to billing
        </Anchor>
      </Alert>
    </CheckoutFrame>
  );
}
