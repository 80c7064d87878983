import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  invoices,
  paymentPlans,
  paymentPlanTiers,
  subscriptionPaymentPlans,
  subscriptions,
} from '../../db/schema';

type PaymentPlan = typeof paymentPlans.$inferSelect;

export async function allPaymentPlans(db: Db) {
  return db.select().from(paymentPlans).orderBy(asc(paymentPlans.workspacePlan), asc(paymentPlans.createdAt));
}

/** The tiers of these plans, lowest first within each. */
export async function tiersOf(db: Db, paymentPlanIds: string[]) {
  if (paymentPlanIds.length === 0) return [];
  return db
    .select()
    .from(paymentPlanTiers)
    .where(inArray(paymentPlanTiers.paymentPlanId, paymentPlanIds))
    .orderBy(asc(paymentPlanTiers.paymentPlanId), asc(paymentPlanTiers.upTo));
}

export async function subscriptionsOfSpace(db: Db, workspaceId: string) {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.workspaceId, workspaceId))
    .orderBy(desc(subscriptions.createdAt));
}

/** The seat plans of these subscriptions, with the price each is sold at. */
export async function seatPlansOf(db: Db, subscriptionIds: string[]) {
  if (subscriptionIds.length === 0) return [];
  return db
    .select({ seats: subscriptionPaymentPlans, stripePriceId: paymentPlans.stripePriceId })
    .from(subscriptionPaymentPlans)
    .innerJoin(paymentPlans, eq(paymentPlans.id, subscriptionPaymentPlans.paymentPlanId))
    .where(inArray(subscriptionPaymentPlans.subscriptionId, subscriptionIds))
    .orderBy(asc(subscriptionPaymentPlans.createdAt));
}

/** Each subscription's newest invoice. */
export async function latestInvoicesOf(db: Db, subscriptionIds: string[]) {
  if (subscriptionIds.length === 0) return [];
  return db
    .selectDistinctOn([invoices.subscriptionId])
    .from(invoices)
    .where(inArray(invoices.subscriptionId, subscriptionIds))
    .orderBy(invoices.subscriptionId, desc(invoices.createdAt));
}

const nextPlan = alias(paymentPlans, 'next_plan');

/**
 * BILL-013: for subscriptions with a billing-cycle change scheduled, each seat plan's seats and the
 * price they are billed at from the change on: the same plan (workspace plan, user plan, currency,
 * billing model) at the target interval, as the change itself chose it (cycle-change.ts).
 */
export async function scheduledIntervalPlansOf(db: Db, subscriptionIds: string[]) {
  if (subscriptionIds.length === 0) return [];
  return db
    .selectDistinctOn([subscriptionPaymentPlans.id], {
      subscriptionId: subscriptionPaymentPlans.subscriptionId,
      totalSeats: subscriptionPaymentPlans.totalSeats,
      paymentPlanId: nextPlan.id,
    })
    .from(subscriptionPaymentPlans)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionPaymentPlans.subscriptionId))
    .innerJoin(paymentPlans, eq(paymentPlans.id, subscriptionPaymentPlans.paymentPlanId))
    .innerJoin(
      nextPlan,
      and(
        eq(nextPlan.billingInterval, subscriptions.scheduledBillingInterval),
        eq(nextPlan.workspacePlan, paymentPlans.workspacePlan),
        sql`${nextPlan.userPlan} IS NOT DISTINCT FROM ${paymentPlans.userPlan}`,
        eq(nextPlan.currency, paymentPlans.currency),
        eq(nextPlan.isPerSeat, paymentPlans.isPerSeat),
        eq(nextPlan.status, 'ACTIVE'),
      ),
    )
    .where(
      and(
        inArray(subscriptionPaymentPlans.subscriptionId, subscriptionIds),
        isNotNull(subscriptions.scheduledBillingInterval),
      ),
    )
    .orderBy(subscriptionPaymentPlans.id, asc(nextPlan.createdAt));
}

/** The payment plan of this list price, interval and currency now names the provider's price. */
export async function pointPaymentPlanAtPrice(
  db: Db,
  key: {
    plan: NonNullable<PaymentPlan['listPricePlan']>;
    interval: PaymentPlan['billingInterval'];
    currency: PaymentPlan['currency'];
  },
  stripePriceId: string,
) {
  const [updated] = await db
    .update(paymentPlans)
    .set({ stripePriceId, updatedAt: new Date() })
    .where(
      and(
        eq(paymentPlans.listPricePlan, key.plan),
        eq(paymentPlans.billingInterval, key.interval),
        eq(paymentPlans.currency, key.currency),
      ),
    )
    .returning({ id: paymentPlans.id });
  return updated;
}

export async function insertPaymentPlan(db: Db, values: typeof paymentPlans.$inferInsert) {
  const [created] = await db.insert(paymentPlans).values(values).returning({ id: paymentPlans.id });
  return created!.id;
}

export async function insertPaymentPlanTier(db: Db, values: typeof paymentPlanTiers.$inferInsert) {
  await db.insert(paymentPlanTiers).values(values);
}

/** The space's subscriptions, newest first, with what the customer portal needs of each. */
export async function portalSubscriptionsOf(db: Db, workspaceId: string) {
  return db
    .select({
      status: subscriptions.status,
      paymentSource: subscriptions.paymentSource,
      customerId: subscriptions.providerCustomerId,
    })
    .from(subscriptions)
    .where(eq(subscriptions.workspaceId, workspaceId))
    .orderBy(desc(subscriptions.createdAt));
}

/** One of the space's subscriptions (none for another space's id): where its invoices are. */
export async function invoiceSourceOf(db: Db, options: { workspaceId: string; subscriptionId: string }) {
  const [row] = await db
    .select({
      providerSubscriptionId: subscriptions.providerSubscriptionId,
      currency: subscriptions.currency,
    })
    .from(subscriptions)
    .where(
      and(eq(subscriptions.id, options.subscriptionId), eq(subscriptions.workspaceId, options.workspaceId)),
    );
  return row;
}

/** Every live Stripe subscription with the seats our rows recorded and assigned (seat drift). */
export async function liveStripeSeatCounts(db: Db) {
  return db
    .select({
      workspaceId: subscriptions.workspaceId,
      subscriptionId: subscriptions.id,
      providerSubscriptionId: subscriptions.providerSubscriptionId,
      seatsRecorded: sql<number>`coalesce(sum(${subscriptionPaymentPlans.totalSeats}), 0)`.mapWith(Number),
      seatsUsed: sql<number>`coalesce(sum(${subscriptionPaymentPlans.assignedSeats}), 0)`.mapWith(Number),
    })
    .from(subscriptions)
    .leftJoin(subscriptionPaymentPlans, eq(subscriptionPaymentPlans.subscriptionId, subscriptions.id))
    .where(
      and(
        eq(subscriptions.status, 'ACTIVE'),
        eq(subscriptions.paymentSource, 'STRIPE'),
        isNotNull(subscriptions.providerSubscriptionId),
      ),
    )
    .groupBy(subscriptions.id);
}
