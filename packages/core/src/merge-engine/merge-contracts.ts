import { z } from 'zod';
import { defineContract } from '../contracts/contract';
import { API_BASES } from '../contracts/api-bases';
import { safeText, text } from '../contracts/text';
import { MERGE_STATUSES } from '../constants/domain';
import { SPREADSHEET_LIMITS } from '../constants/limits';
import { INVALID_EMAIL_MESSAGE, isValidEmail } from '../suppressions/suppression-rules';
import { mergePauseSchema } from './merge-pause-schema';

const base = API_BASES.v1;
const spaceParams = z.object({ id: z.uuid('id must be a space id') });

/** The longest subject, sender name or column name accepted (a header line stays readable). */
const MERGE_LINE_MAX_LENGTH = 998;
/** The longest name a sender may give a merge (the lists show it as its title). */
export const MERGE_NAME_MAX_LENGTH = 200;
/** The largest body accepted: a mail body, not a file. */
const MERGE_BODY_MAX_LENGTH = 500_000;

const line = (what: string) =>
  text().max(MERGE_LINE_MAX_LENGTH, `${what} must be at most ${MERGE_LINE_MAX_LENGTH} characters`);
const column = line('A column name').min(1, 'A column name is required');

/** A sheet of one of the caller's spreadsheets. */
const sheetFields = {
  spreadsheetId: z.uuid('spreadsheetId must be a spreadsheet id'),
  sheetId: text().min(1, 'sheetId is required').max(200, 'sheetId must be at most 200 characters'),
};

/** The message: merge fields ({{Column}}, {{Column|fallback}}) in the subject and the body. */
const messageFields = {
  subject: line('The subject').trim().min(1, 'A subject is required'),
  bodyHtml: text()
    .min(1, 'A message is required')
    .max(MERGE_BODY_MAX_LENGTH, `The message must be at most ${MERGE_BODY_MAX_LENGTH} characters`),
  senderName: line('The sender name').trim().optional(),
};

/** MERGE-POLL: a poll block has a question and 2 to 5 distinct answers. */
export const MERGE_POLL_ANSWERS = { min: 2, max: 5 } as const;

/** The poll block under a merge's body: each answer is a link, a click records it for its recipient. */
export const mergePollSchema = z
  .object({
    question: line('The poll question').trim().min(1, 'A poll question is required'),
    answers: z
      .array(line('An answer').trim().min(1, 'An answer cannot be empty'))
      .min(
        MERGE_POLL_ANSWERS.min,
        `A poll needs ${MERGE_POLL_ANSWERS.min} to ${MERGE_POLL_ANSWERS.max} answers`,
      )
      .max(
        MERGE_POLL_ANSWERS.max,
        `A poll needs ${MERGE_POLL_ANSWERS.min} to ${MERGE_POLL_ANSWERS.max} answers`,
      )
      .refine((answers) => new Set(answers).size === answers.length, 'Each answer must be different'),
  })
  .meta({ id: 'MergePoll' });
export type MergePoll = z.infer<typeof mergePollSchema>;

/**
 * What comes back from a merge's messages (issue Merge engine II): an open pixel, click redirects,
 * a visible unsubscribe link ({{unsubscribe}} in the body, else a footer) and an optional poll.
 * Tracking left out follows the space's defaults; the unsubscribe link is on unless turned off.
 */
const trackingFields = {
  trackOpens: z.boolean('trackOpens must be true or false').optional(),
  trackClicks: z.boolean('trackClicks must be true or false').optional(),
  unsubscribeLink: z.boolean('unsubscribeLink must be true or false').optional(),
  poll: mergePollSchema.optional(),
};

/**
 * The latest time a merge may be scheduled for: the last minute of year 9999, the end of what a
 * date field and a four-digit year show (JavaScript's own dates end in 275760).
 */
const MERGE_SCHEDULE_LATEST_AT = Date.UTC(9999, 11, 31, 23, 59);

const sendNow = z.object({ mode: z.literal('now') });
const sendAt = z.object({
  mode: z.literal('schedule'),
  at: z
    .number({ error: 'at must be a time in epoch milliseconds' })
    .int('at must be a time in epoch milliseconds')
    .positive('at must be a time in epoch milliseconds')
    .max(MERGE_SCHEDULE_LATEST_AT, 'at must be a time before the year 10000'),
  timeZone: z
    .string({ error: 'timeZone must be an IANA time zone' })
    .check(safeText)
    .min(1, 'timeZone is required')
    .max(100, 'timeZone must be at most 100 characters')
    .refine(isTimeZone, 'timeZone must be an IANA time zone'),
});

/**
 * `{ mode: 'now' }` or `{ mode: 'schedule', at, timeZone }`. A plain union rather than
 * z.discriminatedUnion, whose class alone added ~0.45 kB gzip to the web app's first load (zod
 * sits in its shared chunk; bench/bundle.mjs). A union that fails says only "Invalid input", so
 * its message is written here: the mode's problems, or which modes there are. The mode is read
 * first, on its own, so a wrong one is reported at send.mode.
 */
const sendMode = z.looseObject(
  { mode: z.enum(['now', 'schedule'], "mode must be 'now' or 'schedule'") },
  "send must be { mode: 'now' } or { mode: 'schedule', at, timeZone }",
);

export const mergeSendSchema = sendMode.pipe(
  z.union([sendNow, sendAt], {
    error: (issue) => {
      if (issue.code !== 'invalid_union') return undefined;
      if (typeof issue.input !== 'object' || issue.input === null)
        return "send must be { mode: 'now' } or { mode: 'schedule', at, timeZone }";
      const mode = (issue.input as { mode?: unknown }).mode;
      const problems = mode === 'now' ? issue.errors[0] : mode === 'schedule' ? issue.errors[1] : undefined;
      if (!problems?.length) return "mode must be 'now' or 'schedule'";
      return problems.map((problem) => problem.message).join('; ');
    },
  }),
);

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const createMergeBodySchema = z.object({
  ...sheetFields,
  /** Left out, the merge is named after its sheet: 'spreadsheet name - sheet name' (the spec's title). */
  name: text()
    .trim()
    .min(1, 'The name cannot be blank: leave it out to name the merge after its sheet')
    .max(MERGE_NAME_MAX_LENGTH, `The name must be at most ${MERGE_NAME_MAX_LENGTH} characters`)
    .optional(),
  emailColumn: column,
  ...messageFields,
  ...trackingFields,
  replyTo: text().trim().toLowerCase().refine(isValidEmail, INVALID_EMAIL_MESSAGE).optional(),
  ccColumn: column.optional(),
  bccColumn: column.optional(),
  send: mergeSendSchema,
  /**
   * Send although the sending domain's check failed (more than DOMAIN_CHECK_BLOCK_ABOVE recipients):
   * the space's owner or an admin only.
   */
  overrideDomainCheck: z.boolean().optional(),
});

const mergeSkippedSchema = z
  .object({ invalid: z.number().int(), duplicate: z.number().int(), suppressed: z.number().int() })
  .meta({ id: 'MergeSkipped' });

export const createMerge = defineContract({
  method: 'POST',
  path: `${base}/workspaces/:id/merges`,
  summary:
    "Send a mail merge from one of the caller's sheets now, or schedule it (not for free users, CONST-018); " +
    'a merge field whose column the sheet lacks is a 400 naming it',
  tags: ['merge-engine'],
  params: spaceParams,
  body: createMergeBodySchema,
  response: z.object({
    mergeId: z.string(),
    scheduledMergeId: z.string(),
    campaignId: z.string().nullable().describe('Null until a scheduled merge starts'),
    toSend: z.number().int().describe(`Addresses to send (at most ${SPREADSHEET_LIMITS.maxRows})`),
    skipped: mergeSkippedSchema,
    title: z.string().describe("The merge's name on the Scheduled and Sent lists"),
  }),
  successStatus: 201,
});

export const sendTestEmail = defineContract({
  method: 'POST',
  path: `${base}/workspaces/:id/merges/test`,
  summary: "Send the message rendered for one row of the sheet to the caller's own address",
  tags: ['merge-engine'],
  params: spaceParams,
  body: z.object({
    ...sheetFields,
    rowNumber: z.number().int().min(1, 'rowNumber starts at 1').max(SPREADSHEET_LIMITS.maxRows),
    ...messageFields,
    ...trackingFields,
  }),
  response: z.object({ sentTo: z.string() }),
  successStatus: 202,
});

export const getMergeQuota = defineContract({
  method: 'GET',
  path: `${base}/workspaces/:id/merges/quota`,
  summary:
    "The caller's daily recipient quota in this space (CONST-015 CONST-016 CONST-017 CONST-018): used today, when it resets",
  tags: ['merge-engine'],
  params: spaceParams,
  response: z.object({
    limit: z.number().int(),
    used: z.number().int(),
    remaining: z.number().int(),
    resetsAt: z.number().int().describe('Next midnight UTC, epoch milliseconds'),
    canSchedule: z.boolean(),
    scheduleRefusal: z.string().nullable(),
  }),
});

const mergeDetailSchema = z
  .object({
    id: z.string(),
    status: z.enum(MERGE_STATUSES),
    toSend: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    unknown: z.number().int().describe('Claimed by a worker that stopped: may or may not have been sent'),
    bounced: z.number().int().describe('Hard bounces, at send time or come back since'),
    skipped: mergeSkippedSchema,
    campaignId: z.string().nullable(),
    scheduledMergeId: z.string().nullable(),
    title: z.string(),
    pause: mergePauseSchema.nullable().describe('Why and since when it is PAUSED; null while it is not'),
  })
  .meta({ id: 'Merge' });

export const getMerge = defineContract({
  method: 'GET',
  path: `${base}/workspaces/:id/merges/:mergeId`,
  summary:
    "One of the caller's mail merges (or, for an owner or admin, one of the space's) and how far its sending got",
  tags: ['merge-engine'],
  params: spaceParams.extend({ mergeId: z.uuid('mergeId must be a merge id') }),
  response: mergeDetailSchema,
});
