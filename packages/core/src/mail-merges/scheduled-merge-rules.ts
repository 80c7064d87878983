import type { ScheduledMergeStatus } from '../constants/domain';
import { RECOVERABLE_ERROR_MAX_RETRIES, RECOVERABLE_ERROR_RETRY_DELAY_MS } from '../constants/limits';

/** MM-031 MM-032: recoverable while a last retry exists and retries are below 5; next try one hour later. */
export function scheduledMergeRecovery(merge: {
  recoverableErrorRetries: number;
  recoverableErrorLastRetryTimestamp: number | null;
}): { recoverable: boolean; nextAttempt: number | null } {
  const last = merge.recoverableErrorLastRetryTimestamp;
  const recoverable = last !== null && merge.recoverableErrorRetries < RECOVERABLE_ERROR_MAX_RETRIES;
  return { recoverable, nextAttempt: recoverable ? last + RECOVERABLE_ERROR_RETRY_DELAY_MS : null };
}

/** MM-028: IN PROGRESS without a next run means the sending quota ran out. */
export function isWaitingForQuota(merge: { status: string; mergeTime: number | null }): boolean {
  return merge.status === 'IN PROGRESS' && merge.mergeTime === null;
}

/** IN PROGRESS with a next run: being sent now (its count of emails sent moves), not waiting for the quota. */
export function isSendingNow(merge: { status: string; mergeTime: number | null }): boolean {
  return merge.status === 'IN PROGRESS' && merge.mergeTime !== null;
}

/** The errors whose sending is attempted again while recoverable (MM-036, MM-039, MM-041). */
const RETRIED_ERRORS: ReadonlySet<ScheduledMergeStatus> = new Set([
  'UNKNOWN ERROR',
  'NAMED RANGE DELETED',
  'SHEET DELETED',
]);

interface ScheduledMergeTiming {
  status: ScheduledMergeStatus;
  mergeTime: number | null;
  recoverableErrorRetries: number;
  recoverableErrorLastRetryTimestamp: number | null;
}

/**
 * MM-031 MM-032: when an error that is retried will be tried again (last retry + 1 hour); null when
 * the status is not retried or the retries are used up.
 */
export function nextRetryAttempt(merge: ScheduledMergeTiming): number | null {
  if (!RETRIED_ERRORS.has(merge.status)) return null;
  return scheduledMergeRecovery(merge).nextAttempt;
}

/** MM-028: the delivery date of a merge waiting for its sender's quota (page, dialog and export). */
export const UPON_QUOTA_RESET = 'Upon quota reset';

/** The status and delivery date of a paused merge (issue 26): nothing goes out until it is resumed. */
export const PAUSED_DELIVERY = 'Paused';

type NextDelivery = { kind: 'at'; timestamp: number } | { kind: 'quota-reset' } | { kind: 'none' };

/**
 * MM-028: when a scheduled merge sends next, for its delivery date (table, dialog, export).
 * - SCHEDULED, or IN PROGRESS with a next run: that run.
 * - IN PROGRESS without a next run: when the sending quota resets ('Upon quota reset').
 * - An error that will be tried again: the next attempt.
 * - Any other error: none; the merge is stopped and will not be sent.
 */
export function nextDelivery(merge: ScheduledMergeTiming): NextDelivery {
  if (isWaitingForQuota(merge)) return { kind: 'quota-reset' };
  const at =
    merge.status === 'SCHEDULED' || merge.status === 'IN PROGRESS'
      ? merge.mergeTime
      : nextRetryAttempt(merge);
  return at === null ? { kind: 'none' } : { kind: 'at', timestamp: at };
}

/** MM-017: a sheet key is the spreadsheet id and the sheet id, split at the last dash. */
export function splitSheetKey(key: string): { spreadsheetId: string; sheetId: string } {
  const dash = key.lastIndexOf('-');
  return dash < 0
    ? { spreadsheetId: key, sheetId: '' }
    : { spreadsheetId: key.slice(0, dash), sheetId: key.slice(dash + 1) };
}
