import { format } from 'date-fns';
import {
  isWaitingForQuota,
  nextDelivery,
  nextRetryAttempt,
  PAUSED_DELIVERY,
  type ScheduledMergeStatus,
  UPON_QUOTA_RESET,
} from '@mergeboard/core';
import { env } from '../../config/env';
import { formatDate } from '../../lib/format-date';

/** MM-029: the quota warning, word for word. */
export const QUOTA_WARNING =
  'Your mail merge could not be sent in full because your sending quota was insufficient. It will resume as soon as your quota resets.';
/** The delivery date of a merge that an error stopped and that will not be tried again. */
const NO_DELIVERY_DATE = '—';

interface ScheduledMergeView {
  status: ScheduledMergeStatus;
  mergeTime: number | null;
  recoverableErrorRetries: number;
  recoverableErrorLastRetryTimestamp: number | null;
  /** Set while its merge is PAUSED (issue 26): it reads 'Paused', whatever the scheduled row says. */
  pause?: { reason: string } | null;
}

interface ScheduledMessage {
  color: 'yellow' | 'red';
  text: string;
  /** A help link shown after the text (SHEET DELETED while recoverable, MM-041). */
  helpLink?: string;
}

/** The next attempt's time, shown as the same day (MM-032): e.g. '3:00 PM'. */
export const attemptTime = (timestamp: number) => format(timestamp, 'p');

/**
 * MM-028 MM-029 MM-030 MM-031 MM-032 MM-033 MM-034 MM-035 MM-036 MM-037 MM-038 MM-039 MM-040 MM-041 MM-042:
 * what a scheduled merge's status tells the user; null for a merge that runs as planned (SCHEDULED, or IN
 * PROGRESS with a next run).
 */
export function scheduledMergeMessage(merge: ScheduledMergeView): ScheduledMessage | null {
  // A paused merge says why in its own panel (MergePausePanel), not with the quota warning.
  if (merge.pause) return null;
  if (isWaitingForQuota(merge)) return { color: 'yellow', text: QUOTA_WARNING };
  const retry = nextRetryAttempt(merge);
  const retryAt = retry === null ? null : attemptTime(retry);
  const error = (text: string, helpLink?: string): ScheduledMessage =>
    helpLink ? { color: 'red', text, helpLink } : { color: 'red', text };
  switch (merge.status) {
    case 'TOO COMPLEX REGEXP':
      return error('The draft is too long.');
    case 'SPREADSHEET DELETED':
      return error('The spreadsheet could not be found. Please create a new one to schedule a mail merge.');
    case 'INVALID DRAFT':
      return error("The draft couldn't be properly processed.");
    case 'UNKNOWN ERROR':
      return error(
        retryAt
          ? `An unexpected error occurred. Sending will be attempted again today at ${retryAt}.`
          : 'An unexpected error occurred. Please schedule a new mail merge.',
      );
    case 'DRAFT NOT FOUND':
      return error('The draft was deleted. Please create a new draft and schedule a new mail merge.');
    case 'NAMED RANGE DELETED':
      return error(
        retryAt
          ? `The email address column was altered. Open the sheet, then the add-on, to fix it. Sending will be attempted again today at ${retryAt}.`
          : 'The email address column was altered. Open the sheet, then the add-on, to fix it, then schedule a new mail merge.',
      );
    case 'USER PROPERTY NOT FOUND':
      return error(
        'An unrecoverable error occurred with your account. This mail merge cannot be sent; it will be deleted when you schedule a new one.',
      );
    case 'SHEET DELETED':
      return retryAt
        ? error(
            `The sheet was deleted. Restore it before today at ${retryAt}, when sending will be attempted again.`,
            env.helpCenterUrl ?? undefined,
          )
        : error(
            'The sheet was deleted and all sending attempts failed. Restore the sheet and schedule your mail merge again.',
          );
    default:
      return null;
  }
}

/** MM-030: the label of a status in the table; errors read as words, other values as they are. */
export function statusLabel(merge: ScheduledMergeView): string {
  if (merge.pause) return PAUSED_DELIVERY;
  if (isWaitingForQuota(merge)) return 'Waiting for quota';
  switch (merge.status) {
    case 'SCHEDULED':
      return 'Scheduled';
    case 'IN PROGRESS':
      return 'In progress';
    default:
      return 'Error';
  }
}

/**
 * MM-028 / CONST-003: the delivery date column of a scheduled merge (core's nextDelivery): the
 * next run or attempt, 'Upon quota reset', or '—' for a merge an error stopped for good (its
 * message says what went wrong).
 */
export function deliveryDate(merge: ScheduledMergeView): string {
  if (merge.pause) return PAUSED_DELIVERY;
  const next = nextDelivery(merge);
  if (next.kind === 'quota-reset') return UPON_QUOTA_RESET;
  return next.kind === 'at' ? formatDate(next.timestamp) : NO_DELIVERY_DATE;
}
