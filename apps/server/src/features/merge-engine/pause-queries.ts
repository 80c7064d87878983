import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import { MERGE_BOUNCES_SHOWN } from '@mergeboard/core';
import type { Db, Tx } from '../../db/client';
import { auditEvents, campaignRecipients, merges } from '../../db/schema';

/** The SQL of pausing, resuming and cancelling a merge by hand, and of reading its bounces. */

/** The space's merge, locked until the transaction ends; none for another space's. */
export async function lockMergeInSpace(tx: Tx, workspaceId: string, mergeId: string) {
  const [merge] = await tx
    .select()
    .from(merges)
    .where(and(eq(merges.id, mergeId), eq(merges.workspaceId, workspaceId)))
    .for('update');
  return merge;
}

export async function mergeInSpace(db: Db, workspaceId: string, mergeId: string) {
  const [merge] = await db
    .select()
    .from(merges)
    .where(and(eq(merges.id, mergeId), eq(merges.workspaceId, workspaceId)));
  return merge;
}

/** A PAUSED merge runs again with `status`, its pause cleared. */
export async function unpauseMerge(tx: Tx, mergeId: string, status: 'SCHEDULED' | 'SENDING') {
  const [merge] = await tx
    .update(merges)
    .set({ status, pausedAt: null, pauseReason: null, pauseDetails: null })
    .where(and(eq(merges.id, mergeId), eq(merges.status, 'PAUSED')))
    .returning();
  return merge;
}

/** The campaign's hard bounces, latest first (MERGE_BOUNCES_SHOWN of them), and how many there are. */
export async function bouncesOfCampaign(db: Db, campaignId: string) {
  const bounced = and(eq(campaignRecipients.campaignId, campaignId), isNotNull(campaignRecipients.bouncedAt));
  const [items, [total]] = await Promise.all([
    db
      .select({
        email: campaignRecipients.email,
        reason: campaignRecipients.failureReason,
        bouncedAt: campaignRecipients.bouncedAt,
      })
      .from(campaignRecipients)
      .where(bounced)
      .orderBy(desc(campaignRecipients.bouncedAt), campaignRecipients.rowNumber)
      .limit(MERGE_BOUNCES_SHOWN),
    db.select({ total: count() }).from(campaignRecipients).where(bounced),
  ]);
  return { items, total: total?.total ?? 0 };
}

/** Who paused, resumed or cancelled a merge, in the space's audit trail. */
export async function auditMergeStep(
  tx: Tx,
  event: {
    workspaceId: string;
    actorUserId: string;
    action: string;
    mergeId: string;
    data: Record<string, unknown>;
  },
) {
  await tx.insert(auditEvents).values({
    workspaceId: event.workspaceId,
    actorUserId: event.actorUserId,
    action: event.action,
    targetType: 'merge',
    targetId: event.mergeId,
    data: event.data,
  });
}
