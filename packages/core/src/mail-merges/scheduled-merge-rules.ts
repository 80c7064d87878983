import { RECOVERABLE_ERROR_MAX_RETRIES, RECOVERABLE_ERROR_RETRY_DELAY_MS } from '../constants/limits';

/** MM-031/032: recoverable while a last retry exists and retries are below 5; next try one hour later. */
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

/** MM-017: a sheet key is the spreadsheet id and the sheet id, split at the last dash. */
export function splitSheetKey(key: string): { spreadsheetId: string; sheetId: string } {
  const dash = key.lastIndexOf('-');
  return dash < 0
    ? { spreadsheetId: key, sheetId: '' }
    : { spreadsheetId: key.slice(0, dash), sheetId: key.slice(dash + 1) };
}
