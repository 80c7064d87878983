import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  memberships,
  paymentPlans,
  scheduledSeatRemovals,
  subscriptionPaymentPlans,
  subscriptions,
  users,
} from '../../../db/schema';

/**
 * The SQL of a live subscription and its changes (subscription-change/, subscription-update/): the
 * change lease, the subscription, its seats, the price at the other interval, the paid users.
 */

/**
 * Claims the subscription's change lease for `seconds` when no one holds it or its holder's time
 * ran out: one conditional UPDATE, so it works the same on PGlite and across PostgreSQL processes.
 */
export async function claimChangeLease(
  db: Db,
  subscriptionId: string,
  lease: { id: string; seconds: number },
): Promise<boolean> {
  const claimed = await db
    .update(subscriptions)
    .set({
      changeLeaseId: lease.id,
      changeLeaseUntil: sql`now() + make_interval(secs => ${lease.seconds})`,
    })
    .where(
      and(
        eq(subscriptions.id, subscriptionId),
        or(isNull(subscriptions.changeLeaseUntil), lt(subscriptions.changeLeaseUntil, sql`now()`)),
      ),
    )
    .returning({ id: subscriptions.id });
  return claimed.length > 0;
}

/** Gives the lease back, if this holder still has it. */
export async function releaseChangeLease(db: Db, subscriptionId: string, leaseId: string) {
  await db
    .update(subscriptions)
    .set({ changeLeaseId: null, changeLeaseUntil: null })
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.changeLeaseId, leaseId)));
}

/** One of the space's subscriptions (none for another space's id). */
export async function subscriptionOfSpace(db: Db, options: { workspaceId: string; subscriptionId: string }) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.id, options.subscriptionId), eq(subscriptions.workspaceId, options.workspaceId)),
    );
  return row;
}

/** The space's newest ACTIVE subscription paid through Stripe. */
export async function newestLiveStripeSubscription(db: Db, workspaceId: string) {
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
  return row;
}

/** The subscription's first seat plan and its payment plan. */
export async function firstSeatPlanOf(db: Db, subscriptionId: string) {
  const [plan] = await db
    .select({ seats: subscriptionPaymentPlans, plan: paymentPlans })
    .from(subscriptionPaymentPlans)
    .innerJoin(paymentPlans, eq(paymentPlans.id, subscriptionPaymentPlans.paymentPlanId))
    .where(eq(subscriptionPaymentPlans.subscriptionId, subscriptionId))
    .orderBy(subscriptionPaymentPlans.createdAt)
    .limit(1);
  return plan;
}

/** The subscription's seat removal still PENDING, if any (one at a time, SEAT-025). */
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

export async function subscriptionById(db: Db, id: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

/** The price of the same seats at another billing interval: same plan, user plan and currency. */
export async function activePriceAtInterval(
  db: Db,
  plan: typeof paymentPlans.$inferSelect,
  billingInterval: (typeof paymentPlans.$inferSelect)['billingInterval'],
) {
  const [other] = await db
    .select({ stripePriceId: paymentPlans.stripePriceId })
    .from(paymentPlans)
    .where(
      and(
        eq(paymentPlans.workspacePlan, plan.workspacePlan),
        eq(paymentPlans.billingInterval, billingInterval),
        eq(paymentPlans.currency, plan.currency),
        eq(paymentPlans.status, 'ACTIVE'),
        eq(paymentPlans.isPerSeat, plan.isPerSeat),
        plan.userPlan ? eq(paymentPlans.userPlan, plan.userPlan) : undefined,
      ),
    )
    .limit(1);
  return other;
}

/** The space's members, with what a paid-user change reads of each. */
export async function membersOfSpace(db: Db, workspaceId: string) {
  return db
    .select({
      userId: memberships.userId,
      email: users.email,
      role: memberships.role,
      userPlan: memberships.userPlan,
      toBeRemoved: memberships.toBeRemoved,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.workspaceId, workspaceId));
}
