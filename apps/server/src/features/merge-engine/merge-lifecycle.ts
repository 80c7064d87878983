import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  RECOVERABLE_ERROR_MAX_RETRIES,
  RECOVERABLE_ERROR_RETRY_DELAY_MS,
  type ScheduledMergeStatus,
} from '@mergeboard/core';
import type { Db, Tx } from '../../db/client';
import { campaignRecipients, merges, scheduledMerges } from '../../db/schema';
import type { MergeRow } from './campaign-rows';
import { enqueueMergeSend, type MergeJobs } from './enqueue';

/** The merge statuses a cancel stops and a new merge of the same sheet waits for. */
const LIVE_MERGE_STATUSES = ['SCHEDULED', 'SENDING', 'WAITING_FOR_QUOTA'] as const;

/**
 * Completes a merge once none of its rows is PENDING or SENDING: COMPLETED, and its scheduled row
 * leaves the Scheduled list (the Sent list keeps the campaign). Under the merge's row lock, after
 * the caller's outcomes are committed, so of two workers finishing together the later one sees
 * everything done.
 */
export async function finishIfDone(db: Db, mergeId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [merge] = await tx.select().from(merges).where(eq(merges.id, mergeId)).for('update');
    if (!merge?.campaignId || (merge.status !== 'SENDING' && merge.status !== 'WAITING_FOR_QUOTA'))
      return false;
    const [open] = await tx
      .select({ id: campaignRecipients.id })
      .from(campaignRecipients)
      .where(
        and(
          eq(campaignRecipients.campaignId, merge.campaignId),
          inArray(campaignRecipients.status, ['PENDING', 'SENDING']),
        ),
      )
      .limit(1);
    if (open) return false;
    await tx.update(merges).set({ status: 'COMPLETED' }).where(eq(merges.id, mergeId));
    if (merge.scheduledMergeId)
      await tx.delete(scheduledMerges).where(eq(scheduledMerges.id, merge.scheduledMergeId));
    return true;
  });
}

/**
 * MM-028: the sender's quota ran out with rows left. The merge waits; its scheduled row is IN
 * PROGRESS without a next run ('Upon quota reset') until the reset job resumes it.
 */
export async function waitForQuota(db: Db, merge: Pick<MergeRow, 'id' | 'scheduledMergeId'>): Promise<void> {
  await db.transaction(async (tx) => {
    const moved = await tx
      .update(merges)
      .set({ status: 'WAITING_FOR_QUOTA' })
      .where(and(eq(merges.id, merge.id), eq(merges.status, 'SENDING')))
      .returning({ id: merges.id });
    if (moved.length === 0 || !merge.scheduledMergeId) return;
    await tx
      .update(scheduledMerges)
      .set({ status: 'IN PROGRESS', mergeTime: null })
      .where(eq(scheduledMerges.id, merge.scheduledMergeId));
  });
}

/**
 * Stops a merge for good (SPREADSHEET DELETED, INVALID DRAFT, or a retried error out of
 * attempts): FAILED, its scheduled row showing the error, its unsent rows FAILED with the reason.
 */
export async function stopMerge(
  db: Db | Tx,
  merge: Pick<MergeRow, 'id' | 'scheduledMergeId' | 'campaignId'>,
  error: { status: ScheduledMergeStatus; details: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(merges).set({ status: 'FAILED' }).where(eq(merges.id, merge.id));
    if (merge.scheduledMergeId) {
      await tx
        .update(scheduledMerges)
        .set({ status: error.status, error: error.status, errorDetails: error.details, mergeTime: null })
        .where(eq(scheduledMerges.id, merge.scheduledMergeId));
    }
    if (merge.campaignId) {
      await tx
        .update(campaignRecipients)
        .set({ status: 'FAILED', failureReason: error.details })
        .where(
          and(eq(campaignRecipients.campaignId, merge.campaignId), eq(campaignRecipients.status, 'PENDING')),
        );
    }
  });
}

/**
 * MM-031 / MM-032: an error that is tried again (UNKNOWN ERROR, SHEET DELETED) counts a retry and,
 * while retries stay below 5, shows on the scheduled row with its last retry time and runs again
 * an hour later; the fifth makes it final ('all attempts failed').
 */
export async function recordRecoverableError(
  db: Db,
  jobs: MergeJobs,
  merge: Pick<MergeRow, 'id' | 'scheduledMergeId' | 'campaignId'>,
  error: { status: ScheduledMergeStatus; details: string },
): Promise<'retrying' | 'failed'> {
  return db.transaction(async (tx) => {
    const [scheduled] = merge.scheduledMergeId
      ? await tx
          .select()
          .from(scheduledMerges)
          .where(eq(scheduledMerges.id, merge.scheduledMergeId))
          .for('update')
      : [];
    const retries = (scheduled?.recoverableErrorRetries ?? 0) + 1;
    if (!scheduled || retries >= RECOVERABLE_ERROR_MAX_RETRIES) {
      if (scheduled) {
        await tx
          .update(scheduledMerges)
          .set({ recoverableErrorRetries: retries, recoverableErrorLastRetryAt: sql`now()` })
          .where(eq(scheduledMerges.id, scheduled.id));
      }
      await stopMerge(tx, merge, { status: error.status, details: `All attempts failed: ${error.details}` });
      return 'failed';
    }
    const [retry] = await tx
      .update(scheduledMerges)
      .set({
        status: error.status,
        error: error.status,
        errorDetails: error.details,
        recoverableErrorRetries: retries,
        recoverableErrorLastRetryAt: sql`now()`,
        mergeTime: sql`now() + make_interval(secs => ${RECOVERABLE_ERROR_RETRY_DELAY_MS / 1000})`,
      })
      .where(eq(scheduledMerges.id, scheduled.id))
      .returning({ nextAttempt: scheduledMerges.mergeTime });
    await enqueueMergeSend(tx, jobs, merge.id, { startAfter: retry!.nextAttempt! });
    return 'retrying';
  });
}

/** A retried merge sends again: its scheduled row is back IN PROGRESS (the retry count stays). */
export async function clearRecoverableError(db: Db, scheduledMergeId: string | null): Promise<void> {
  if (!scheduledMergeId) return;
  await db
    .update(scheduledMerges)
    .set({ status: 'IN PROGRESS', error: null, errorDetails: null, mergeTime: sql`now()` })
    .where(and(eq(scheduledMerges.id, scheduledMergeId), sql`${scheduledMerges.status} <> 'IN PROGRESS'`));
}

/**
 * The cancel of the Scheduled list (API-046), inside its transaction, before the scheduled row is
 * deleted: the merge is CANCELED and its unclaimed rows are dropped, so workers claim nothing more
 * and stop within the batch they are sending.
 */
export async function cancelMergeOf(tx: Tx, scheduledMergeId: string): Promise<void> {
  const canceled = await tx
    .update(merges)
    .set({ status: 'CANCELED' })
    .where(
      and(eq(merges.scheduledMergeId, scheduledMergeId), inArray(merges.status, [...LIVE_MERGE_STATUSES])),
    )
    .returning({ campaignId: merges.campaignId });
  for (const { campaignId } of canceled) {
    if (!campaignId) continue;
    await tx
      .delete(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.status, 'PENDING')));
  }
}

/** Whether the merge is still sending now (not cancelled, stopped, or set to retry later). */
export async function stillSending(db: Db, mergeId: string): Promise<boolean> {
  const [row] = await db
    .select({
      status: merges.status,
      later: sql<boolean>`coalesce(${scheduledMerges.mergeTime} > now(), false)`,
    })
    .from(merges)
    .leftJoin(scheduledMerges, eq(scheduledMerges.id, merges.scheduledMergeId))
    .where(eq(merges.id, mergeId));
  return row?.status === 'SENDING' && !row.later;
}

/** Rows a worker claimed ahead and gave back after a cancel go the way the cancel sent the others. */
export async function dropUnsentOfCanceled(db: Db, mergeId: string): Promise<void> {
  await db.execute(sql`DELETE FROM campaign_recipients r USING merges m
    WHERE m.id = ${mergeId} AND m.status = 'CANCELED' AND r.campaign_id = m.campaign_id AND r.status = 'PENDING'`);
}
