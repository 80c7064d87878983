import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  LIVE_MERGE_STATUSES,
  RECOVERABLE_ERROR_RETRY_DELAY_MS,
  type ScheduledMergeStatus,
} from '@mergeboard/core';
import type { Db, Tx } from '../../db/client';
import { campaignRecipients, merges, scheduledMerges } from '../../db/schema';

/** The SQL of a merge's transitions: completion, waiting for quota, failure, retries and cancel. */

type MergeError = { status: ScheduledMergeStatus; details: string };

/** Whether one of the campaign's rows is still PENDING or SENDING. */
export async function hasOpenRows(tx: Tx, campaignId: string): Promise<boolean> {
  const [open] = await tx
    .select({ id: campaignRecipients.id })
    .from(campaignRecipients)
    .where(
      and(
        eq(campaignRecipients.campaignId, campaignId),
        inArray(campaignRecipients.status, ['PENDING', 'SENDING']),
      ),
    )
    .limit(1);
  return open !== undefined;
}

export async function completeMerge(tx: Tx, mergeId: string): Promise<void> {
  await tx.update(merges).set({ status: 'COMPLETED' }).where(eq(merges.id, mergeId));
}

/** A SENDING merge waits for quota; answers whether it moved. */
export async function moveSendingMergeToWaitForQuota(tx: Tx, mergeId: string): Promise<boolean> {
  const moved = await tx
    .update(merges)
    .set({ status: 'WAITING_FOR_QUOTA' })
    .where(and(eq(merges.id, mergeId), eq(merges.status, 'SENDING')))
    .returning({ id: merges.id });
  return moved.length > 0;
}

/** IN PROGRESS without a next run: 'Upon quota reset'. */
export async function scheduledMergeWaitsForQuota(tx: Tx, scheduledMergeId: string): Promise<void> {
  await tx
    .update(scheduledMerges)
    .set({ status: 'IN PROGRESS', mergeTime: null })
    .where(eq(scheduledMerges.id, scheduledMergeId));
}

export async function failMerge(tx: Tx, mergeId: string): Promise<void> {
  await tx.update(merges).set({ status: 'FAILED' }).where(eq(merges.id, mergeId));
}

export async function showErrorOnScheduledMerge(tx: Tx, scheduledMergeId: string, error: MergeError) {
  await tx
    .update(scheduledMerges)
    .set({ status: error.status, error: error.status, errorDetails: error.details, mergeTime: null })
    .where(eq(scheduledMerges.id, scheduledMergeId));
}

export async function failPendingRows(tx: Tx, campaignId: string, reason: string): Promise<void> {
  await tx
    .update(campaignRecipients)
    .set({ status: 'FAILED', failureReason: reason })
    .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.status, 'PENDING')));
}

/** The scheduled row, locked until the transaction ends. */
export async function lockScheduledMerge(tx: Tx, scheduledMergeId: string) {
  const [scheduled] = await tx
    .select()
    .from(scheduledMerges)
    .where(eq(scheduledMerges.id, scheduledMergeId))
    .for('update');
  return scheduled;
}

/** The last retry is counted (the merge then stops for good). */
export async function countLastRetry(tx: Tx, scheduledMergeId: string, retries: number): Promise<void> {
  await tx
    .update(scheduledMerges)
    .set({ recoverableErrorRetries: retries, recoverableErrorLastRetryAt: sql`now()` })
    .where(eq(scheduledMerges.id, scheduledMergeId));
}

/** The error shows on the scheduled row, counted, with its next attempt; answers that attempt's time. */
export async function scheduleRetry(
  tx: Tx,
  scheduledMergeId: string,
  retry: { error: MergeError; retries: number },
): Promise<Date> {
  const [scheduled] = await tx
    .update(scheduledMerges)
    .set({
      status: retry.error.status,
      error: retry.error.status,
      errorDetails: retry.error.details,
      recoverableErrorRetries: retry.retries,
      recoverableErrorLastRetryAt: sql`now()`,
      mergeTime: sql`now() + make_interval(secs => ${RECOVERABLE_ERROR_RETRY_DELAY_MS / 1000})`,
    })
    .where(eq(scheduledMerges.id, scheduledMergeId))
    .returning({ nextAttempt: scheduledMerges.mergeTime });
  return scheduled!.nextAttempt!;
}

/** Back IN PROGRESS now, its error cleared (the retry count stays). */
export async function clearScheduledMergeError(db: Db, scheduledMergeId: string): Promise<void> {
  await db
    .update(scheduledMerges)
    .set({ status: 'IN PROGRESS', error: null, errorDetails: null, mergeTime: sql`now()` })
    .where(and(eq(scheduledMerges.id, scheduledMergeId), sql`${scheduledMerges.status} <> 'IN PROGRESS'`));
}

/** The scheduled row's live merges (or the one merge `{ mergeId }`, if live) are CANCELED; answers their campaigns. */
export async function cancelLiveMergesOf(tx: Tx, of: string | { mergeId: string }) {
  const which = typeof of === 'string' ? eq(merges.scheduledMergeId, of) : eq(merges.id, of.mergeId);
  return tx
    .update(merges)
    .set({ status: 'CANCELED' })
    .where(and(which, inArray(merges.status, [...LIVE_MERGE_STATUSES])))
    .returning({ campaignId: merges.campaignId });
}

export async function deletePendingRows(tx: Tx, campaignId: string): Promise<void> {
  await tx
    .delete(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.status, 'PENDING')));
}

/** The merge's status, and whether its scheduled row has set it to retry later. */
export async function mergeStatusAndRetryLater(db: Db, mergeId: string) {
  const [row] = await db
    .select({
      status: merges.status,
      later: sql<boolean>`coalesce(${scheduledMerges.mergeTime} > now(), false)`,
    })
    .from(merges)
    .leftJoin(scheduledMerges, eq(scheduledMerges.id, merges.scheduledMergeId))
    .where(eq(merges.id, mergeId));
  return row;
}

/** The PENDING rows of the merge's campaign are deleted if the merge is CANCELED. */
export async function deletePendingRowsIfCanceled(db: Db, mergeId: string): Promise<void> {
  await db.execute(sql`DELETE FROM campaign_recipients r USING merges m
    WHERE m.id = ${mergeId} AND m.status = 'CANCELED' AND r.campaign_id = m.campaign_id AND r.status = 'PENDING'`);
}
