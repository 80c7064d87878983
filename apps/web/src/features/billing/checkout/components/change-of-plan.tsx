import {
  CHECKOUT_FAILURE_TEXTS,
  multiDomainRefusal,
  paidUserUpdates,
  type PurchaseChoice,
  type Subscription,
} from '@mergeboard/core';
import { paths } from '../../../../config/paths';
import { SpaceLoader, useSpace } from '../../../spaces';
import { usePaidUserCandidates } from '../use-paid-user-candidates';
import { CheckoutProblem } from './checkout-frame';
import { LiveChangeReview } from './live-change-review';

/** Ours: a change to the plan and cycle the subscription already has. */
const ALREADY_THERE = 'Your subscription already has this plan and billing cycle.';

/**
 * The older flow's change of a live subscription to another plan or interval (CHK-039,
 * CHK-044 CHK-045 CHK-046), for the users paid today. Going to Pro, they must all be of one domain unless
 * the Pro plan allows several (CHK-083). Applied, back to billing.
 */
export function ChangeOfPlan({
  subscription,
  target,
}: {
  subscription: Subscription;
  target: PurchaseChoice;
}) {
  const { prefix, details } = useSpace();
  const paid = usePaidUserCandidates();
  if (paid.status === 'pending') return <SpaceLoader />;
  if (paid.status === 'error') return <CheckoutProblem message={CHECKOUT_FAILURE_TEXTS.tryAgain} />;
  const paidNow = new Set(paid.candidates.filter((c) => c.isPaid).map((c) => c.userId));
  const toPro = target.workspacePlan === 'PRO' && subscription.workspacePlan !== 'PRO';
  const unchanged =
    target.workspacePlan === subscription.workspacePlan &&
    target.billingInterval === subscription.billingInterval;
  const blocked = unchanged
    ? ALREADY_THERE
    : toPro
      ? multiDomainRefusal(paid.candidates, paidNow, {
          multiDomainAllowed: details?.workspaceFeatures?.PRO.hasMultiDomain ?? false,
        })
      : null;
  return (
    <LiveChangeReview
      subscription={subscription}
      target={target}
      paidUsers={paidUserUpdates(paid.candidates, paidNow)}
      blocked={blocked}
      change={() => ({
        ...(target.workspacePlan !== subscription.workspacePlan
          ? { workspacePlan: target.workspacePlan }
          : {}),
        ...(target.billingInterval !== subscription.billingInterval
          ? { billingInterval: target.billingInterval }
          : {}),
      })}
      doneTo={paths.space.billing.getHref(prefix)}
    />
  );
}
