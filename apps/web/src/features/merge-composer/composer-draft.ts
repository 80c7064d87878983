import { MERGE_POLL_ANSWERS, mergePollSchema, missingMergeFields, type MergePoll } from '@mergeboard/core';
import type { Spreadsheet } from './api/upload-spreadsheet';

type SheetOfSpreadsheet = Spreadsheet['sheets'][number];

/**
 * The spreadsheet, sheet and email column the merge sends to, and the columns whose addresses get
 * a copy (Cc) or a blind copy (Bcc): all of them are recipients, analysed and counted together.
 */
export interface RecipientsChoice {
  spreadsheet: Spreadsheet;
  sheetId: string;
  emailColumn: string | null;
  ccColumn: string | null;
  bccColumn: string | null;
}

/** A sheet's choice: the email column the server detected, no copies. */
export function sheetChoice(
  spreadsheet: Spreadsheet,
  sheet: SheetOfSpreadsheet | undefined,
): RecipientsChoice {
  return {
    spreadsheet,
    sheetId: sheet?.sheetId ?? '',
    emailColumn: sheet?.emailColumn ?? null,
    ccColumn: null,
    bccColumn: null,
  };
}

/** A new upload's choice: its first sheet. */
export const firstSheetChoice = (spreadsheet: Spreadsheet) => sheetChoice(spreadsheet, spreadsheet.sheets[0]);

/** The chosen sheet (its header gives the merge fields a message may use). */
export function chosenSheet(choice: RecipientsChoice): SheetOfSpreadsheet {
  const sheet = choice.spreadsheet.sheets.find((entry) => entry.sheetId === choice.sheetId);
  if (!sheet) throw new Error(`sheet ${choice.sheetId} is not in spreadsheet ${choice.spreadsheet.id}`);
  return sheet;
}

/** What each message says and who it comes from. */
export interface MessageDraft {
  subject: string;
  bodyHtml: string;
  senderName: string;
  replyTo: string;
}

export const BLANK_MESSAGE: MessageDraft = { subject: '', bodyHtml: '', senderName: '', replyTo: '' };

/**
 * What comes back from the messages: tracking (null while not chosen: the space's default applies,
 * even when the space's details arrive after the composer opened), the visible unsubscribe link,
 * and an optional poll under the body.
 */
export interface MergeOptions {
  trackOpens: boolean | null;
  trackClicks: boolean | null;
  unsubscribeLink: boolean;
  poll: MergePoll | null;
}

export const DEFAULT_OPTIONS: MergeOptions = {
  trackOpens: null,
  trackClicks: null,
  unsubscribeLink: true,
  poll: null,
};

/** A new poll: an empty question and the fewest answers a poll may have. */
export const NEW_POLL: MergePoll = {
  question: '',
  answers: Array.from({ length: MERGE_POLL_ANSWERS.min }, () => ''),
};

/** The space's tracking defaults, on when the space's details are not loaded. */
export interface TrackingDefaults {
  opens: boolean;
  clicks: boolean;
}

/** The options as the createMerge and sendTestEmail bodies take them. */
export interface MergeOptionsBody {
  trackOpens: boolean;
  trackClicks: boolean;
  unsubscribeLink: boolean;
  poll?: MergePoll;
}

export function optionsBody(options: MergeOptions, defaults: TrackingDefaults): MergeOptionsBody {
  return {
    trackOpens: options.trackOpens ?? defaults.opens,
    trackClicks: options.trackClicks ?? defaults.clicks,
    unsubscribeLink: options.unsubscribeLink,
    ...(options.poll ? { poll: options.poll } : {}),
  };
}

/**
 * The poll's problems as the contract words them, by field: 'question', 'answers.{index}', or
 * 'answers' for the whole list (too few, too many, the same answer twice). Empty without a poll.
 */
export function pollProblems(poll: MergePoll | null): Map<string, string> {
  const problems = new Map<string, string>();
  if (!poll) return problems;
  const result = mergePollSchema.safeParse(poll);
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join('.');
    if (!problems.has(key)) problems.set(key, issue.message);
  }
  return problems;
}

/** When the merge goes out: now, or at a date and time of a time zone. */
export interface SendTiming {
  mode: 'now' | 'schedule';
  /** yyyy-mm-dd, as the date input gives it. */
  date: string;
  /** HH:mm, as the time input gives it. */
  time: string;
  timeZone: string;
}

/** A merge field as typed in a subject or body: `{{Column}}` or `{{Column|fallback}}`. */
export function mergeFieldText(column: string, fallback = ''): string {
  const trimmed = fallback.trim();
  return trimmed ? `{{${column}|${trimmed}}}` : `{{${column}}}`;
}

/** True when the editor holds no text (TipTap's empty document is `<p></p>`). */
function isBlankHtml(html: string): boolean {
  return html.replace(/<[^>]*>/g, '').trim() === '';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What stops the message from being sent, each a sentence to show; empty when it is ready. */
export function messageProblems(message: MessageDraft, header: readonly string[]): string[] {
  const problems: string[] = [];
  if (message.subject.trim() === '') problems.push('Write a subject.');
  if (isBlankHtml(message.bodyHtml)) problems.push('Write the message.');
  for (const field of missingMergeFields(message.subject, message.bodyHtml, header))
    problems.push(`The sheet has no column '${field}': change or remove {{${field}}}.`);
  if (message.replyTo.trim() !== '' && !EMAIL.test(message.replyTo.trim()))
    problems.push('The reply-to address is not a valid email address.');
  return problems;
}

/** The offset of `timeZone` from UTC at `instant`, in milliseconds. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a wall-clock date and time of a time zone names; null when either is incomplete. */
export function scheduledInstant({ date, time, timeZone }: SendTiming): number | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!day || !clock) return null;
  const wall = Date.UTC(
    Number(day[1]),
    Number(day[2]) - 1,
    Number(day[3]),
    Number(clock[1]),
    Number(clock[2]),
  );
  // Two passes: the offset at the guessed instant, then at the corrected one (around a DST change).
  const first = wall - zoneOffset(wall, timeZone);
  return wall - zoneOffset(first, timeZone);
}

/** Why a schedule cannot be sent as chosen; null when it can. */
export function timingProblem(timing: SendTiming, now: number): string | null {
  if (timing.mode === 'now') return null;
  const at = scheduledInstant(timing);
  if (at === null) return 'Choose the date and time to send at.';
  if (at <= now) return 'Choose a date and time in the future.';
  return null;
}

/** The zone a schedule falls back to when the browser names none. */
const FALLBACK_TIME_ZONE = 'UTC';

/**
 * The browser's own time zone, the schedule's default (UTC when it names none). It is in the
 * picker even when the browser's list leaves it out: Chromium's list has no 'UTC', the zone of
 * many a server and container.
 */
export const browserTimeZone = (): string =>
  Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_TIME_ZONE;

/** Every time zone the browser knows, for the schedule's picker, with its own zone and UTC. */
export function timeZones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  const missing = [browserTimeZone(), FALLBACK_TIME_ZONE].filter((zone) => !zones.includes(zone));
  return [...new Set(missing), ...zones];
}

const countFormat = new Intl.NumberFormat('de-DE');

/**
 * A count as the mail merge lists show it (core's formatCount, MM-026: German grouping). Not
 * imported from there: core's module of the lists' rules would then become a chunk of its own in
 * the Sent page's first load, shared with this screen.
 */
export const formatRecipientCount = (count: number) => countFormat.format(count);
