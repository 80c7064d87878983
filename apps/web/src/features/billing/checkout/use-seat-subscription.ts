import {
  isGmailUser,
  priceInfoV2Body,
  seatPageRedirect,
  subscriptionState,
  type SeatCount,
  type SeatPage,
  type SeatPageRedirectReason,
  type Subscription,
} from '@mergeboard/core';
import { useSubscriptions } from '../api/list-subscriptions';
import { useScheduledRemoval } from '../seat-removal/api/scheduled-removal';
import { useSpace } from '../../spaces';

export type SeatPlan = NonNullable<Subscription['subscriptionPaymentPlans']>[number];

export interface SeatSubscription {
  subscription: Subscription;
  /** The subscription's seat plan: the seats change on it. */
  plan: SeatPlan;
  seats: SeatCount;
}

export type SeatSubscriptionState =
  | { status: 'pending' | 'error'; refetch: () => void }
  | { status: 'redirect'; page: SeatPage; reason: SeatPageRedirectReason }
  | { status: 'ready'; value: SeatSubscription; refetch: () => Promise<SeatSubscription | null> };

/** The paid plan the subscription's seats are of (a seat is never FREE). */
export const seatUserPlanOf = ({ plan }: SeatSubscription) =>
  plan.userPlanType === 'FREE' ? 'PRO' : plan.userPlanType;

/**
 * The price preview of the subscription's seat plan at `quantity` seats, in its own country,
 * plan and interval: the seats to add (previewProratedAmounts, charged now) or the seats kept.
 */
export function seatPriceBody(value: SeatSubscription, quantity: number, previewProratedAmounts = false) {
  const { subscription } = value;
  return priceInfoV2Body({
    form: {
      country: subscription.country ?? 'US',
      companyName: subscription.additionalStripeInfo?.companyName ?? '',
    },
    seatPlans: [{ userPlan: seatUserPlanOf(value), quantity }],
    purchase: {
      workspacePlan: subscription.workspacePlan === 'PREMIUM' ? 'PREMIUM' : 'PRO',
      billingInterval: subscription.billingInterval,
    },
    previewProratedAmounts,
  });
}

function seatSubscriptionOf(items: readonly Subscription[] | undefined): SeatSubscription | null {
  const state = subscriptionState(items ?? []);
  const plan = state.kind === 'active' ? state.subscription.subscriptionPaymentPlans?.[0] : undefined;
  if (state.kind !== 'active' || !plan) return null;
  return {
    subscription: state.subscription,
    plan,
    seats: { totalSeats: plan.totalSeats, assignedSeats: plan.assignedSeats },
  };
}

/**
 * The live subscription a seat page changes, and whether the page may be used at all (SEAT-005,
 * SEAT-006): Gmail-type users, spaces without subscription details, a scheduled removal,
 * unlimited seats and (remove page) a single seat go to billing, saying why. `settling` keeps the page while
 * its own change lands (a removal it just scheduled must not bounce it to plain billing).
 */
export function useSeatSubscription(
  page: SeatPage,
  { settling = false }: { settling?: boolean } = {},
): SeatSubscriptionState {
  const { space, user } = useSpace();
  const subscriptions = useSubscriptions(space.workspaceId, { enabled: true });
  const scheduled = useScheduledRemoval();
  const value = seatSubscriptionOf(subscriptions.data?.items);
  const refetch = async () => seatSubscriptionOf((await subscriptions.refetch()).data?.items);

  if (settling && value) return { status: 'ready', value, refetch };
  if (subscriptions.isError) return { status: 'error', refetch: () => void subscriptions.refetch() };
  if (subscriptions.isPending || scheduled.isPending) {
    return { status: 'pending', refetch: () => void subscriptions.refetch() };
  }
  const reason = seatPageRedirect({
    page,
    isGmailUser: isGmailUser(user.userEmail),
    seats: value?.seats ?? null,
    hasScheduledRemoval: scheduled.removal !== null,
  });
  if (reason) return { status: 'redirect', page, reason };
  if (!value) return { status: 'redirect', page, reason: 'no-subscription' };
  return { status: 'ready', value, refetch };
}
