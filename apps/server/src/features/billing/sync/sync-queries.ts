import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import {
  billingCustomers,
  checkoutSessions,
  invoices,
  memberships,
  paymentPlans,
  scheduledSeatRemovals,
  subscriptionPaymentPlans,
  subscriptions,
  workspaces,
} from '../../../db/schema';

/** The SQL of the billing sync (billing-sync.ts, schedule-sync.ts); each runs where it is given. */

/** The space whose customer this is at the provider, if it is one of ours. */
export async function spaceOfCustomer(db: Db, customerId: string) {
  const [known] = await db
    .select({ workspaceId: billingCustomers.workspaceId })
    .from(billingCustomers)
    .where(eq(billingCustomers.customerId, customerId));
  return known;
}

/** The space's checkout sessions still OPEN in our rows. */
export async function openCheckoutSessionsOf(db: Db, workspaceId: string) {
  return db
    .select({ id: checkoutSessions.id, providerSessionId: checkoutSessions.providerSessionId })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.workspaceId, workspaceId), eq(checkoutSessions.status, 'OPEN')));
}

/** Our subscription of the provider's subscription id, if we recorded it. */
export async function subscriptionOfProvider(tx: Tx, providerSubscriptionId: string) {
  return tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
}

/** A checkout session the provider completed or let expire. */
export async function closeCheckoutSession(
  tx: Tx,
  id: string,
  values: { status: 'COMPLETE' | 'EXPIRED'; subscriptionId: string | null; completedAt: Date | null },
) {
  await tx
    .update(checkoutSessions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(checkoutSessions.id, id));
}

/** The payment plans of these provider prices. */
export async function paymentPlansOfPrices(tx: Tx, priceIds: string[]) {
  return tx.select().from(paymentPlans).where(inArray(paymentPlans.stripePriceId, priceIds));
}

/** Inserts the provider's subscription, or updates ours of the same provider id; answers its id. */
export async function upsertSubscriptionRow(tx: Tx, values: typeof subscriptions.$inferInsert) {
  const [row] = await tx
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({ target: subscriptions.providerSubscriptionId, set: values })
    .returning({ id: subscriptions.id });
  return row!.id;
}

export async function seatPlanRowsOf(tx: Tx, subscriptionId: string) {
  return tx
    .select()
    .from(subscriptionPaymentPlans)
    .where(eq(subscriptionPaymentPlans.subscriptionId, subscriptionId));
}

/** A seat plan row follows its seats to another price (a cycle change at a phase change). */
export async function moveSeatPlanToPrice(tx: Tx, seatPlanId: string, paymentPlanId: string) {
  await tx
    .update(subscriptionPaymentPlans)
    .set({ paymentPlanId, updatedAt: new Date() })
    .where(eq(subscriptionPaymentPlans.id, seatPlanId));
}

export async function deleteSeatPlans(tx: Tx, seatPlanIds: string[]) {
  await tx.delete(subscriptionPaymentPlans).where(inArray(subscriptionPaymentPlans.id, seatPlanIds));
}

/**
 * The seats the provider sells under one price. Members assigned beyond the seats paid are drift
 * for the daily report (seat-drift), not a reason to stop following the provider: the recorded
 * seats never fall below the seats assigned.
 */
export async function upsertSeatPlan(
  tx: Tx,
  row: {
    subscriptionId: string;
    paymentPlanId: string;
    userPlan: NonNullable<(typeof subscriptionPaymentPlans.$inferInsert)['userPlan']>;
    allowedQuantity: number;
    seats: number;
  },
) {
  const { seats, ...values } = row;
  await tx
    .insert(subscriptionPaymentPlans)
    .values({ ...values, totalSeats: seats })
    .onConflictDoUpdate({
      target: [subscriptionPaymentPlans.subscriptionId, subscriptionPaymentPlans.paymentPlanId],
      set: {
        allowedQuantity: row.allowedQuantity,
        totalSeats: sql`GREATEST(${seats}, ${subscriptionPaymentPlans.assignedSeats})`,
        updatedAt: new Date(),
      },
    });
}

/** Inserts the provider's invoice, or updates ours of the same provider id. */
export async function upsertInvoice(tx: Tx, values: typeof invoices.$inferInsert) {
  await tx
    .insert(invoices)
    .values(values)
    .onConflictDoUpdate({ target: invoices.providerInvoiceId, set: values });
}

/** Without a live subscription the space is FREE again (unless it already is). */
export async function makeSpaceFree(tx: Tx, workspaceId: string) {
  await tx
    .update(workspaces)
    .set({ plan: 'FREE', updatedAt: new Date() })
    .where(and(eq(workspaces.id, workspaceId), ne(workspaces.plan, 'FREE')));
}

/** The space's plan and billing model follow its live subscription. */
export async function setSpacePlan(tx: Tx, workspaceId: string, live: { plan: 'PRO'; isPerSeat: boolean }) {
  await tx
    .update(workspaces)
    .set({ plan: live.plan, isPerSeat: live.isPerSeat, legacyType: null, updatedAt: new Date() })
    .where(eq(workspaces.id, workspaceId));
}

/** One member of the space holding a paid user plan, if any does. */
export async function aPaidMemberOf(tx: Tx, workspaceId: string) {
  const [paid] = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), ne(memberships.userPlan, 'FREE')))
    .limit(1);
  return paid;
}

export async function ownersOf(tx: Tx, workspaceId: string) {
  return tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.role, 'OWNER')));
}

type RemovalTarget = { targetSeatsQuantity: number; targetSubscriptionAmount: number | null; removeAt: Date };

/** A removal the provider's schedule holds and we did not know of: recorded PENDING. */
export async function insertSeatRemoval(
  tx: Tx,
  values: RemovalTarget & { subscriptionId: string; paymentPlanId: string },
) {
  await tx.insert(scheduledSeatRemovals).values(values).onConflictDoNothing();
}

export async function updateSeatRemoval(
  tx: Tx,
  id: string,
  values: RemovalTarget | { status: 'APPLIED' | 'CANCELED' },
) {
  await tx
    .update(scheduledSeatRemovals)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(scheduledSeatRemovals.id, id));
}
