import type { ScheduledMergeStatus } from '@mergeboard/core';
import type { scheduledMerges } from '../../db/schema';
import { DAY, HOUR, MINUTE } from './address-book';
import { spreadsheetLink } from './campaign-data';
import type { Random } from './random';
import type { DemoMember } from './spaces';

interface ScheduledExample {
  status: ScheduledMergeStatus;
  spreadsheetName: string;
  sheetName: string;
  sentCount: number;
  toSendCount: number;
  /** From now; null when there is no next run. */
  nextRunInMs: number | null;
  /** A recoverable error was last retried this long ago (retried again one hour later). */
  lastRetryAgoMs?: number;
  retries?: number;
  error?: string;
  errorDetails?: string;
}

/**
 * One merge per state the scheduled list can show: waiting, running, stopped by the quota, and
 * each error status, some still being retried (last retry set, fewer than 5 retries), some not.
 */
const EXAMPLES: readonly ScheduledExample[] = [
  {
    status: 'SCHEDULED',
    spreadsheetName: 'Q3 Outbound Prospects',
    sheetName: 'EMEA',
    sentCount: 0,
    toSendCount: 184,
    nextRunInMs: DAY + 2 * HOUR,
  },
  {
    status: 'SCHEDULED',
    spreadsheetName: 'Customer Renewals',
    sheetName: 'Follow-up',
    sentCount: 0,
    toSendCount: 76,
    nextRunInMs: 6 * DAY,
  },
  {
    status: 'IN PROGRESS',
    spreadsheetName: 'Partner Newsletter',
    sheetName: 'Contacts',
    sentCount: 1500,
    toSendCount: 2350,
    nextRunInMs: 14 * HOUR,
  },
  // The sending quota ran out: it resumes when the quota resets.
  {
    status: 'IN PROGRESS',
    spreadsheetName: 'Trade Show Leads',
    sheetName: 'Leads',
    sentCount: 420,
    toSendCount: 910,
    nextRunInMs: null,
  },
  {
    status: 'TOO COMPLEX REGEXP',
    spreadsheetName: 'Product Launch Invites',
    sheetName: 'North America',
    sentCount: 0,
    toSendCount: 240,
    nextRunInMs: null,
    error: 'Regular expression too complex',
    errorDetails: 'The personalised draft is too long to be processed.',
  },
  {
    status: 'SPREADSHEET DELETED',
    spreadsheetName: 'Enterprise Pipeline',
    sheetName: 'Sheet1',
    sentCount: 0,
    toSendCount: 55,
    nextRunInMs: null,
    error: 'Spreadsheet not found',
    errorDetails: 'The spreadsheet was deleted or access to it was removed.',
  },
  {
    status: 'INVALID DRAFT',
    spreadsheetName: 'Webinar Attendees',
    sheetName: 'Batch 2',
    sentCount: 0,
    toSendCount: 130,
    nextRunInMs: null,
    error: 'Invalid draft',
    errorDetails: 'The draft contains an unclosed {{First name marker.',
  },
  {
    status: 'UNKNOWN ERROR',
    spreadsheetName: 'Q4 Outbound Prospects',
    sheetName: 'APAC',
    sentCount: 37,
    toSendCount: 160,
    nextRunInMs: 40 * MINUTE,
    lastRetryAgoMs: 20 * MINUTE,
    retries: 2,
    error: 'Service unavailable',
    errorDetails: 'The mail service answered 503 Service Unavailable.',
  },
  {
    status: 'DRAFT NOT FOUND',
    spreadsheetName: 'Onboarding Check-ins',
    sheetName: 'Sheet1',
    sentCount: 0,
    toSendCount: 42,
    nextRunInMs: null,
    lastRetryAgoMs: 3 * HOUR,
    retries: 5,
    error: 'Draft not found',
    errorDetails: 'The draft used for this merge was deleted.',
  },
  {
    status: 'NAMED RANGE DELETED',
    spreadsheetName: 'Win-back Inactive Accounts',
    sheetName: 'Contacts',
    sentCount: 12,
    toSendCount: 98,
    nextRunInMs: 25 * MINUTE,
    lastRetryAgoMs: 35 * MINUTE,
    retries: 1,
    error: 'Named range not found',
    errorDetails: 'The email address column was renamed or removed.',
  },
  {
    status: 'USER PROPERTY NOT FOUND',
    spreadsheetName: 'Q2 Outbound Prospects',
    sheetName: 'Leads',
    sentCount: 0,
    toSendCount: 65,
    nextRunInMs: null,
    error: 'User property not found',
    errorDetails: 'The merge settings stored for this account are missing.',
  },
  {
    status: 'SHEET DELETED',
    spreadsheetName: 'Trade Show Leads',
    sheetName: 'Follow-up',
    sentCount: 0,
    toSendCount: 88,
    nextRunInMs: 10 * MINUTE,
    lastRetryAgoMs: 50 * MINUTE,
    retries: 3,
    error: 'Sheet not found',
    errorDetails: 'The sheet "Follow-up" no longer exists in the spreadsheet.',
  },
];

export function buildScheduledMerges(options: {
  random: Random;
  now: Date;
  workspaceId: string;
  senders: readonly DemoMember[];
}): (typeof scheduledMerges.$inferInsert)[] {
  const { random, now, workspaceId, senders } = options;
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
  return EXAMPLES.map((example, index) => {
    const sender = senders[index % senders.length];
    if (!sender) throw new Error('The demo needs at least one sender');
    const createdAt = at(-random.int(1, 9) * DAY - random.int(0, 12) * HOUR);
    const spreadsheetId = random.token(44);
    const sheetId = example.sheetName === 'Sheet1' ? '0' : String(random.int(100_000_000, 2_000_000_000));
    return {
      workspaceId,
      userId: sender.userId,
      spreadsheetId,
      sheetId,
      sheetName: example.sheetName,
      spreadsheetName: example.spreadsheetName,
      title: `${example.spreadsheetName} - ${example.sheetName}`,
      spreadsheetLink: spreadsheetLink(spreadsheetId, sheetId),
      mergeTime: example.nextRunInMs === null ? null : at(example.nextRunInMs),
      status: example.status,
      error: example.error ?? null,
      errorDetails: example.errorDetails ?? null,
      recoverableErrorRetries: example.retries ?? 0,
      recoverableErrorLastRetryAt: example.lastRetryAgoMs === undefined ? null : at(-example.lastRetryAgoMs),
      sentCount: example.sentCount,
      toSendCount: example.toSendCount,
      createdAt,
      updatedAt: example.lastRetryAgoMs === undefined ? createdAt : at(-example.lastRetryAgoMs),
    };
  });
}
