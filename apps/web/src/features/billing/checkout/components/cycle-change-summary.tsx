import {
  CHECKOUT_FAILURE_TEXTS,
  CYCLE_CHANGE_PARAM,
  cycleChangeTarget,
  paidUserUpdates,
  subscriptionState,
  type BillingInterval,
  type PaidUserCandidate,
} from '@mergeboard/core';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../../../config/paths';
import { useSubscriptions } from '../../api/list-subscriptions';
import { SpaceLoader, useSpace } from '../../../spaces';
import { usePaidUserCandidates } from '../use-paid-user-candidates';
import { CheckoutProblem } from './checkout-frame';
import { LiveChangeReview } from './live-change-review';

const paidNow = (candidates: PaidUserCandidate[]) =>
  new Set(candidates.filter((candidate) => candidate.isPaid).map((candidate) => candidate.userId));

/**
 * /checkout/summary?change-billing-cycle=1 (000 §2, CHK-044, CHK-045): the live subscription moves
 * to the other interval at the end of its cycle, for the same paid users. A change the
 * subscription cannot take goes back to billing, which names the refusal (BILL-027); confirmed,
 * the billing page shows the scheduled change (BILL-013).
 */
export function CycleChangeSummary() {
  const { space, prefix, isPerSeat, details } = useSpace();
  const subscriptions = useSubscriptions(space.workspaceId, { enabled: true });
  const paid = usePaidUserCandidates();
  const [opened, setOpened] = useState<BillingInterval | null>(null);
  if (subscriptions.isPending || paid.status === 'pending') return <SpaceLoader />;
  if (subscriptions.isError || paid.status === 'error') {
    return <CheckoutProblem message={CHECKOUT_FAILURE_TEXTS.tryAgain} />;
  }
  const state = subscriptionState(subscriptions.data.items);
  const subscription = state.kind === 'active' ? state.subscription : null;
  const current =
    subscription &&
    cycleChangeTarget(subscription, {
      flow: isPerSeat ? 'seat' : 'older',
      monthlyAllowed: !(details?.restrictions ?? []).includes('MONTHLY_BILLING'),
    });
  // The target the page opened with stays: once the change is made, the subscriptions read again
  // hold it scheduled (no target any more), which must not send the owner to billing with the
  // cannot-change error before the update's own way back to billing.
  if (opened === null && current) setOpened(current);
  const target = opened ?? current;
  if (
    !subscription ||
    !target ||
    subscription.workspacePlan === 'FREE' ||
    subscription.workspacePlan === 'LEGACY'
  ) {
    return <Navigate to={paths.space.billing.getHref(prefix, `?${CYCLE_CHANGE_PARAM}=1`)} replace />;
  }
  return (
    <LiveChangeReview
      subscription={subscription}
      target={{ workspacePlan: subscription.workspacePlan, billingInterval: target }}
      paidUsers={paidUserUpdates(paid.candidates, paidNow(paid.candidates))}
      change={() => ({ billingInterval: target })}
      doneTo={paths.space.billing.getHref(prefix)}
    />
  );
}
