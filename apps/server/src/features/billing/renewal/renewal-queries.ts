import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { auditEvents, memberships, subscriptions } from '../../../db/schema';

/**
 * The caller's license (as users/me reports it: the newest live subscription of a space the
 * caller owns), locked until the transaction ends so two confirmations cannot both change it.
 */
export async function lockOwnedLicense(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: subscriptions.id,
      workspaceId: subscriptions.workspaceId,
      paymentSource: subscriptions.paymentSource,
      autoRenew: subscriptions.autoRenew,
      endAt: subscriptions.endAt,
    })
    .from(subscriptions)
    .innerJoin(memberships, eq(memberships.workspaceId, subscriptions.workspaceId))
    .where(
      and(eq(memberships.userId, userId), eq(memberships.role, 'OWNER'), eq(subscriptions.status, 'ACTIVE')),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1)
    .for('update', { of: subscriptions });
  return row ?? null;
}

export async function stopRenewal(db: Db, subscriptionId: string) {
  await db
    .update(subscriptions)
    .set({ autoRenew: false, updatedAt: new Date() })
    .where(eq(subscriptions.id, subscriptionId));
}

export async function insertRenewalAudit(
  db: Db,
  event: { workspaceId: string; actorUserId: string; subscriptionId: string },
) {
  await db.insert(auditEvents).values({
    workspaceId: event.workspaceId,
    actorUserId: event.actorUserId,
    action: 'subscription.auto_renewal_stopped',
    targetType: 'subscription',
    targetId: event.subscriptionId,
  });
}
