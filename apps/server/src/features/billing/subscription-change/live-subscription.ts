import { and, desc, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../../db/client';
import {
  paymentPlans,
  scheduledSeatRemovals,
  subscriptionPaymentPlans,
  subscriptions,
} from '../../../db/schema';
import { AppError } from '../../../http/app-error';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * One of the space's subscriptions; another space's, or an unknown one, is 404 alike. Changes go
 * through the provider, so only a live (ACTIVE) subscription paid through Stripe takes them.
 */
export async function changeableSubscription(
  db: Db,
  options: { workspaceId: string; subscriptionId: string },
): Promise<SubscriptionRow & { providerSubscriptionId: string }> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.id, options.subscriptionId), eq(subscriptions.workspaceId, options.workspaceId)),
    );
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
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.workspaceId, workspaceId),
        eq(subscriptions.status, 'ACTIVE'),
        eq(subscriptions.paymentSource, 'STRIPE'),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  if (!row?.providerSubscriptionId) {
    throw new AppError('subscription_not_active', 'This space has no active subscription paid by card.');
  }
  return { ...row, providerSubscriptionId: row.providerSubscriptionId };
}

/** The subscription's seat plan (the per-seat model sells one plan per subscription) and its price. */
export async function seatPlanOf(db: Db, subscriptionId: string) {
  const [plan] = await db
    .select({ seats: subscriptionPaymentPlans, plan: paymentPlans })
    .from(subscriptionPaymentPlans)
    .innerJoin(paymentPlans, eq(paymentPlans.id, subscriptionPaymentPlans.paymentPlanId))
    .where(eq(subscriptionPaymentPlans.subscriptionId, subscriptionId))
    .orderBy(subscriptionPaymentPlans.createdAt)
    .limit(1);
  if (!plan) throw new AppError('subscription_not_active', 'This subscription holds no seats to change.');
  return plan;
}

export async function pendingSeatRemovalOf(db: Db, subscriptionId: string) {
  const [removal] = await db
    .select()
    .from(scheduledSeatRemovals)
    .where(
      and(
        eq(scheduledSeatRemovals.subscriptionId, subscriptionId),
        eq(scheduledSeatRemovals.status, 'PENDING'),
      ),
    );
  return removal ?? null;
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
