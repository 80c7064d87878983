import type { UserPlan } from '@mergeboard/core';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { memberships, scheduledSeatRemovals, subscriptions } from '../../../db/schema';

/** The SQL of seats (add-seats, the seat-phase follow-up, scheduled removals, paid seats). */

type PendingSeatPhase = NonNullable<(typeof subscriptions.$inferSelect)['pendingSeatPhase']>;

/**
 * Seats bought while a schedule held the next period wait for their invoice (a card that asked
 * for confirmation); null when none waits any more.
 */
export async function setPendingSeatPhase(db: Db, subscriptionId: string, pending: PendingSeatPhase | null) {
  await db
    .update(subscriptions)
    .set({ pendingSeatPhase: pending })
    .where(eq(subscriptions.id, subscriptionId));
}

/** The customer's subscriptions with seats waiting for their invoice. */
export async function subscriptionsWithPendingSeatPhase(db: Db, customerId: string) {
  return db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.providerCustomerId, customerId), isNotNull(subscriptions.pendingSeatPhase)));
}

export async function pendingSeatPhaseOf(db: Db, subscriptionId: string) {
  const [row] = await db
    .select({
      pending: subscriptions.pendingSeatPhase,
      providerSubscriptionId: subscriptions.providerSubscriptionId,
    })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  return row;
}

/** The space's subscription's seat removal with this status, the newest. */
export async function seatRemovalOf(
  db: Db,
  target: { workspaceId: string; subscriptionId: string },
  status: (typeof scheduledSeatRemovals.$inferSelect)['status'],
) {
  const [row] = await db
    .select({ removal: scheduledSeatRemovals })
    .from(scheduledSeatRemovals)
    .innerJoin(subscriptions, eq(subscriptions.id, scheduledSeatRemovals.subscriptionId))
    .where(
      and(
        eq(scheduledSeatRemovals.subscriptionId, target.subscriptionId),
        eq(subscriptions.workspaceId, target.workspaceId),
        eq(scheduledSeatRemovals.status, status),
      ),
    )
    .orderBy(desc(scheduledSeatRemovals.updatedAt))
    .limit(1);
  return row?.removal;
}

export async function seatRemovalById(db: Db, id: string) {
  const [row] = await db.select().from(scheduledSeatRemovals).where(eq(scheduledSeatRemovals.id, id));
  return row;
}

/** Who scheduled the subscription's pending removal (the sync recorded it from the schedule). */
export async function setPendingRemovalAuthor(db: Db, subscriptionId: string, userId: string) {
  await db
    .update(scheduledSeatRemovals)
    .set({ createdByUserId: userId })
    .where(
      and(
        eq(scheduledSeatRemovals.subscriptionId, subscriptionId),
        eq(scheduledSeatRemovals.status, 'PENDING'),
      ),
    );
}

/** The pending removal is cancelled (only if it is still pending). */
export async function cancelPendingRemoval(db: Db, id: string) {
  await db
    .update(scheduledSeatRemovals)
    .set({ status: 'CANCELED', updatedAt: new Date() })
    .where(and(eq(scheduledSeatRemovals.id, id), eq(scheduledSeatRemovals.status, 'PENDING')));
}

const ofMembers = (workspaceId: string, userIds: readonly string[]) =>
  and(eq(memberships.workspaceId, workspaceId), inArray(memberships.userId, [...userIds]));
const markedIn = (workspaceId: string) =>
  and(eq(memberships.workspaceId, workspaceId), eq(memberships.toBeRemoved, true));

/** These members hold a seat of `userPlan` from now on; a downgrade waiting for them is dropped. */
export async function setMembersPaid(
  db: Db,
  workspaceId: string,
  userIds: readonly string[],
  userPlan: Exclude<UserPlan, 'FREE'>,
) {
  await db
    .update(memberships)
    .set({ userPlan, isPaid: true, toBeRemoved: false, lastBecomePaidAt: new Date(), updatedAt: new Date() })
    .where(ofMembers(workspaceId, userIds));
}

/** These members are made free at the renewal (isScheduledToBeDowngraded). */
export async function markMembersToBeRemoved(db: Db, workspaceId: string, userIds: readonly string[]) {
  await db
    .update(memberships)
    .set({ toBeRemoved: true, updatedAt: new Date() })
    .where(ofMembers(workspaceId, userIds));
}

/** Whether any member of the space waits for a scheduled downgrade. */
export async function anyMarkedMember(db: Db, workspaceId: string): Promise<boolean> {
  const [any] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(markedIn(workspaceId))
    .limit(1);
  return Boolean(any);
}

/** The marked members stay as they are (their downgrade was dropped). */
export async function unmarkMembers(db: Db, workspaceId: string) {
  await db
    .update(memberships)
    .set({ toBeRemoved: false, updatedAt: new Date() })
    .where(markedIn(workspaceId));
}

/** The marked members become free (their downgrade was applied). */
export async function makeMarkedMembersFree(db: Db, workspaceId: string) {
  await db
    .update(memberships)
    .set({ userPlan: 'FREE', isPaid: false, toBeRemoved: false, updatedAt: new Date() })
    .where(markedIn(workspaceId));
}
