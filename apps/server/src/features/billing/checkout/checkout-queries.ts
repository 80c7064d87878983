import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { billingCustomers, checkoutSessions, paymentPlans, subscriptions } from '../../../db/schema';

/** The SQL of checkout: the space's customer, the prices sold, the checkout sessions. */

type PaymentPlan = typeof paymentPlans.$inferSelect;
type SubscriptionStatus = (typeof subscriptions.$inferSelect)['status'];

export async function customerOfSpace(db: Db, workspaceId: string) {
  const [row] = await db
    .select({ customerId: billingCustomers.customerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.workspaceId, workspaceId));
  return row;
}

/** The space's customer at the provider, unless another request recorded one first. */
export async function insertBillingCustomer(db: Db, row: typeof billingCustomers.$inferInsert) {
  await db.insert(billingCustomers).values(row).onConflictDoNothing();
}

/** The ACTIVE per-seat prices of this plan, interval and currency, for these user plans. */
export async function perSeatPricesFor(
  db: Db,
  purchase: Pick<PaymentPlan, 'workspacePlan' | 'billingInterval' | 'currency'>,
  userPlans: NonNullable<PaymentPlan['userPlan']>[],
) {
  return db
    .select({ stripePriceId: paymentPlans.stripePriceId, userPlan: paymentPlans.userPlan })
    .from(paymentPlans)
    .where(
      and(
        eq(paymentPlans.workspacePlan, purchase.workspacePlan),
        eq(paymentPlans.billingInterval, purchase.billingInterval),
        eq(paymentPlans.currency, purchase.currency),
        eq(paymentPlans.status, 'ACTIVE'),
        eq(paymentPlans.isPerSeat, true),
        inArray(paymentPlans.userPlan, userPlans),
      ),
    );
}

/** The user plans these provider prices sell. */
export async function userPlansOfPrices(db: Db, stripePriceIds: string[]) {
  return db
    .select({ stripePriceId: paymentPlans.stripePriceId, userPlan: paymentPlans.userPlan })
    .from(paymentPlans)
    .where(inArray(paymentPlans.stripePriceId, stripePriceIds));
}

/** The space's newest subscription in one of these statuses. */
export async function newestSubscriptionIn(db: Db, workspaceId: string, statuses: SubscriptionStatus[]) {
  const [live] = await db
    .select({ billingInterval: subscriptions.billingInterval, amount: subscriptions.amount })
    .from(subscriptions)
    .where(and(eq(subscriptions.workspaceId, workspaceId), inArray(subscriptions.status, statuses)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return live;
}

/** Whether the space has a subscription in one of these statuses. */
export async function anySubscriptionIn(db: Db, workspaceId: string, statuses: SubscriptionStatus[]) {
  const [live] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.workspaceId, workspaceId), inArray(subscriptions.status, statuses)))
    .limit(1);
  return Boolean(live);
}

/** Marks the space's OPEN checkout sessions expired; answers their provider ids. */
export async function expireOpenCheckouts(tx: Tx, workspaceId: string) {
  return tx
    .update(checkoutSessions)
    .set({ status: 'EXPIRED', updatedAt: new Date() })
    .where(and(eq(checkoutSessions.workspaceId, workspaceId), eq(checkoutSessions.status, 'OPEN')))
    .returning({ providerSessionId: checkoutSessions.providerSessionId });
}

export async function insertCheckoutSession(tx: Tx, row: typeof checkoutSessions.$inferInsert) {
  const [created] = await tx.insert(checkoutSessions).values(row).returning({ id: checkoutSessions.id });
  return created!.id;
}

/** The provider's session joins our row if it is still OPEN (no newer checkout superseded it). */
export async function keepOpenCheckout(
  db: Db,
  id: string,
  session: { providerSessionId: string; amountTotal: number | null },
) {
  const [kept] = await db
    .update(checkoutSessions)
    .set({ ...session, updatedAt: new Date() })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'OPEN')))
    .returning({ id: checkoutSessions.id });
  return kept;
}

/** The space's checkout of this provider session id. */
export async function checkoutOfSpace(db: Db, workspaceId: string, providerSessionId: string) {
  const [ours] = await db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.workspaceId, workspaceId),
        eq(checkoutSessions.providerSessionId, providerSessionId),
      ),
    );
  return ours;
}

export async function subscriptionOfCheckout(db: Db, id: string) {
  const [after] = await db
    .select({ subscriptionId: checkoutSessions.subscriptionId })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, id));
  return after;
}
