import type Stripe from 'stripe';
import type { Db } from '../../../db/client';
import type { subscriptions } from '../../../db/schema';
import { AppError } from '../../../http/app-error';
import { firstSeatPlanOf, newestLiveStripeSubscription, subscriptionOfSpace } from './subscription-queries';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * One of the space's subscriptions; another space's, or an unknown one, is 404 alike. Changes go
 * through the provider, so only a live (ACTIVE) subscription paid through Stripe takes them.
 */
export async function changeableSubscription(
  db: Db,
  options: { workspaceId: string; subscriptionId: string },
): Promise<SubscriptionRow & { providerSubscriptionId: string }> {
  const row = await subscriptionOfSpace(db, options);
  if (!row) throw new AppError('not_found', 'This space has no such subscription.');
  if (row.status !== 'ACTIVE' || row.paymentSource !== 'STRIPE' || !row.providerSubscriptionId) {
    throw new AppError(
      'subscription_not_active',
      'Only an active subscription paid by card can be changed here.',
    );
  }
  return { ...row, providerSubscriptionId: row.providerSubscriptionId };
}

/** The space's newest ACTIVE subscription paid through Stripe, for previews of a change to it. */
export async function liveStripeSubscriptionOfSpace(db: Db, workspaceId: string) {
  const row = await newestLiveStripeSubscription(db, workspaceId);
  if (!row?.providerSubscriptionId) {
    throw new AppError('subscription_not_active', 'This space has no active subscription paid by card.');
  }
  return { ...row, providerSubscriptionId: row.providerSubscriptionId };
}

/** The subscription's seat plan (the per-seat model sells one plan per subscription) and its price. */
export async function seatPlanOf(db: Db, subscriptionId: string) {
  const plan = await firstSeatPlanOf(db, subscriptionId);
  if (!plan) throw new AppError('subscription_not_active', 'This subscription holds no seats to change.');
  return plan;
}

/** The one seat item of the provider's subscription, as our catalogue sells it. */
export function seatItemOf(subscription: Stripe.Subscription): Stripe.SubscriptionItem {
  const item = subscription.items.data[0];
  if (!item) throw new AppError('subscription_not_active', 'This subscription holds no seats to change.');
  return item;
}

/**
 * "Now" for the customer: the test clock's time when the customer lives on one (the sandbox's and
 * Stripe's test mode), so a proration date falls inside the subscription's period.
 */
export async function customerNow(stripe: Stripe, subscription: Stripe.Subscription): Promise<number> {
  const clock = subscription.test_clock;
  if (!clock) return Math.floor(Date.now() / 1000);
  const id = typeof clock === 'string' ? clock : clock.id;
  return (await stripe.testHelpers.testClocks.retrieve(id)).frozen_time;
}
