import { seatPageRedirectState, type CheckoutStep } from '@mergeboard/core';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../../../config/paths';
import { useSpace } from '../../../spaces';
import type { SeatSubscription, SeatSubscriptionState } from '../use-seat-subscription';
import { CheckoutPageState } from './checkout-page-state';

/**
 * A seat page until its subscription is known: the wait, the failure with Try again, or the
 * billing page when the page cannot be used (SEAT-005, SEAT-006), told why in the navigation
 * state so that its banner can say it (issue 24); then the page itself.
 */
export function SeatPageGate({
  state,
  current,
  children,
}: {
  state: SeatSubscriptionState;
  current: CheckoutStep;
  children: (value: SeatSubscription) => ReactNode;
}) {
  const { prefix } = useSpace();
  if (state.status === 'redirect') {
    return (
      <Navigate
        to={paths.space.billing.getHref(prefix)}
        state={seatPageRedirectState(state.page, state.reason)}
        replace
      />
    );
  }
  if (state.status !== 'ready') {
    return <CheckoutPageState status={state.status} onRetry={state.refetch} current={current} />;
  }
  return children(state.value);
}
