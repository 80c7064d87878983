import { Button, Center, Loader } from '@mantine/core';
import { CHECKOUT_FAILURE_TEXTS } from '@mergeboard/core';
import type { CheckoutStep } from '@mergeboard/core';
import { CheckoutFrame, CheckoutProblem } from './checkout-frame';

/** The older flow's wait for the space's subscription, and its failure. */
export function CheckoutPageState({
  status,
  onRetry,
  current,
  backTo,
}: {
  status: 'pending' | 'error';
  onRetry: () => void;
  current: CheckoutStep;
  backTo?: string;
}) {
  return (
    <CheckoutFrame steps={[]} current={current} backTo={backTo}>
      {status === 'pending' ? (
        <Center py="xl" role="status" aria-label="Loading">
          <Loader />
        </Center>
      ) : (
        <CheckoutProblem message={CHECKOUT_FAILURE_TEXTS.tryAgain}>
          <Button variant="subtle" size="compact-sm" onClick={onRetry}>
            Try again
          </Button>
        </CheckoutProblem>
      )}
    </CheckoutFrame>
  );
}
