import { RECOVERABLE_ERROR_MAX_RETRIES, type ScheduledMergeStatus } from '@mergeboard/core';
import type { Db, Tx } from '../../db/client';
import { enqueueMergeSend, type MergeJobs } from './enqueue';
import {
  cancelLiveMergesOf,
  clearScheduledMergeError,
  completeMerge,
  countLastRetry,
  deletePendingRows,
  deletePendingRowsIfCanceled,
  failMerge,
  failPendingRows,
  hasOpenRows,
  lockScheduledMerge,
  mergeStatusAndRetryLater,
  moveSendingMergeToWaitForQuota,
  scheduledMergeWaitsForQuota,
  scheduleRetry,
  showErrorOnScheduledMerge,
} from './lifecycle-queries';
import { deleteScheduledMerge, lockMerge, type MergeRow } from './merge-queries';

/**
 * Completes a merge once none of its rows is PENDING or SENDING: COMPLETED, and its scheduled row
 * leaves the Scheduled list (the Sent list keeps the campaign). Under the merge's row lock, after
 * the caller's outcomes are committed, so of two workers finishing together the later one sees
 * everything done.
 */
export async function finishIfDone(db: Db, mergeId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const merge = await lockMerge(tx, mergeId);
    if (!merge?.campaignId || (merge.status !== 'SENDING' && merge.status !== 'WAITING_FOR_QUOTA'))
      return false;
    if (await hasOpenRows(tx, merge.campaignId)) return false;
    await completeMerge(tx, mergeId);
    if (merge.scheduledMergeId) await deleteScheduledMerge(tx, merge.scheduledMergeId);
    return true;
  });
}

/**
 * MM-028: the sender's quota ran out with rows left. The merge waits; its scheduled row is IN
 * PROGRESS without a next run ('Upon quota reset') until the reset job resumes it.
 */
export async function waitForQuota(db: Db, merge: Pick<MergeRow, 'id' | 'scheduledMergeId'>): Promise<void> {
  await db.transaction(async (tx) => {
    const moved = await moveSendingMergeToWaitForQuota(tx, merge.id);
    if (!moved || !merge.scheduledMergeId) return;
    await scheduledMergeWaitsForQuota(tx, merge.scheduledMergeId);
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
    await failMerge(tx, merge.id);
    if (merge.scheduledMergeId) await showErrorOnScheduledMerge(tx, merge.scheduledMergeId, error);
    if (merge.campaignId) await failPendingRows(tx, merge.campaignId, error.details);
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
    const scheduled = merge.scheduledMergeId
      ? await lockScheduledMerge(tx, merge.scheduledMergeId)
      : undefined;
    const retries = (scheduled?.recoverableErrorRetries ?? 0) + 1;
    if (!scheduled || retries >= RECOVERABLE_ERROR_MAX_RETRIES) {
      if (scheduled) await countLastRetry(tx, scheduled.id, retries);
      await stopMerge(tx, merge, { status: error.status, details: `All attempts failed: ${error.details}` });
      return 'failed';
    }
    const nextAttempt = await scheduleRetry(tx, scheduled.id, { error, retries });
    await enqueueMergeSend(tx, jobs, merge.id, { startAfter: nextAttempt });
    return 'retrying';
  });
}

/** A retried merge sends again: its scheduled row is back IN PROGRESS (the retry count stays). */
export async function clearRecoverableError(db: Db, scheduledMergeId: string | null): Promise<void> {
  if (!scheduledMergeId) return;
  await clearScheduledMergeError(db, scheduledMergeId);
}

/**
 * The cancel of the Scheduled list (API-046), inside its transaction, before the scheduled row is
 * deleted: the merge is CANCELED and its unclaimed rows are dropped, so workers claim nothing more
 * and stop within the batch they are sending. `{ mergeId }` cancels that one merge (cancelMerge).
 */
export async function cancelMergeOf(tx: Tx, of: string | { mergeId: string }): Promise<void> {
  const canceled = await cancelLiveMergesOf(tx, of);
  for (const { campaignId } of canceled) {
    if (!campaignId) continue;
    await deletePendingRows(tx, campaignId);
  }
}

/** Whether the merge is still sending now (not cancelled, stopped, or set to retry later). */
export async function stillSending(db: Db, mergeId: string): Promise<boolean> {
  const row = await mergeStatusAndRetryLater(db, mergeId);
  return row?.status === 'SENDING' && !row.later;
}

/** Rows a worker claimed ahead and gave back after a cancel go the way the cancel sent the others. */
export async function dropUnsentOfCanceled(db: Db, mergeId: string): Promise<void> {
  await deletePendingRowsIfCanceled(db, mergeId);
}
