import {
  mergePauseOf,
  type MergePauseReason,
  type MergePoll,
  type SpreadsheetSource,
} from '@mergeboard/core';
import type { campaignRecipients, campaigns, scheduledMerges } from '../../db/schema';

/** The answers' shapes of the mail-merge calls, from their database rows. */
export type CampaignRow = typeof campaigns.$inferSelect;
export type ScheduledRow = typeof scheduledMerges.$inferSelect;
type RecipientRow = Pick<
  typeof campaignRecipients.$inferSelect,
  | 'email'
  | 'status'
  | 'sentAt'
  | 'openedAt'
  | 'clickedAt'
  | 'pollAnswer'
  | 'unsubscribedAt'
  | 'bouncedAt'
  | 'respondedAt'
  | 'complainedAt'
  | 'softBounces'
  | 'failureReason'
>;
/** A recipient row with its poll answer as the answer's text. */
export type RecipientActivity = Omit<RecipientRow, 'pollAnswer'> & { pollAnswer: string | null };

/** A sent merge as the list shows it (API-048). */
export function toSentCampaign(row: CampaignRow) {
  return {
    id: row.id,
    campaignId: row.id,
    title: row.title,
    createTimestamp: row.createdAt.getTime(),
    lastUpdateTimestamp: row.updatedAt.getTime(),
    lastEmailSentTimestamp: row.lastEmailSentAt.getTime(),
    spreadsheetLink: row.spreadsheetLink,
    trackingInfos: {
      sent: row.sentCount,
      opened: row.openedCount,
      clicked: row.clickedCount,
      bounced: row.bouncedCount,
    },
  };
}

/**
 * A merge's link is written when it is made: a Google Sheet's page, or empty for an uploaded file
 * (merge-engine's spreadsheetLinkOf).
 */
export const spreadsheetSourceOf = (row: { spreadsheetLink: string }): SpreadsheetSource =>
  row.spreadsheetLink === '' ? 'UPLOAD' : 'GOOGLE_SHEETS';

/** A sent merge as its detail shows it: the list's fields, its sheet and the rest of its counters. */
export function toSentCampaignDetail(row: CampaignRow) {
  const listed = toSentCampaign(row);
  return {
    ...listed,
    emailSubject: row.emailSubject,
    mergeSourceSheetKey: row.mergeSourceSheetKey,
    spreadsheetName: row.spreadsheetName,
    spreadsheetSource: spreadsheetSourceOf(row),
    trackingInfos: {
      ...listed.trackingInfos,
      unsubscribed: row.unsubscribedCount,
      responded: row.respondedCount,
      complained: row.complainedCount,
    },
    machineHits: { opened: row.machineOpenHits, clicked: row.machineClickHits },
  };
}

/** The merge a scheduled row runs, as the list reads it: its id and, while PAUSED, why. */
export interface ScheduledRun {
  mergeId: string;
  status: string;
  pausedAt: Date | null;
  pauseReason: MergePauseReason | null;
  pauseDetails: string | null;
}

/** A scheduled merge as the list and its detail show it (API-044), with its merge's pause (issue 26). */
export function toScheduledCampaign(row: ScheduledRow, run?: ScheduledRun) {
  return {
    id: `${row.spreadsheetId}-${row.sheetId}`,
    scheduledMergeId: row.id,
    workspaceId: row.workspaceId,
    spreadsheetId: row.spreadsheetId,
    sheetId: row.sheetId,
    sheetName: row.sheetName,
    spreadsheetName: row.spreadsheetName,
    title: row.title,
    spreadsheetLink: row.spreadsheetLink,
    spreadsheetSource: spreadsheetSourceOf(row),
    mergeTime: row.mergeTime?.getTime() ?? null,
    createdTime: row.createdAt.getTime(),
    numberOfEmailsSent: row.sentCount,
    numberOfEmailsToSend: row.toSendCount,
    status: row.status,
    error: row.error,
    errorDetails: row.errorDetails,
    recoverableErrorRetries: row.recoverableErrorRetries,
    recoverableErrorLastRetryTimestamp: row.recoverableErrorLastRetryAt?.getTime() ?? null,
    mergeId: run?.mergeId ?? null,
    pause: run ? mergePauseOf(run) : null,
  };
}

/**
 * The recipients' rows with their poll answers as text: a row holds the index of the answer it
 * chose among the poll's answers; an index the poll does not have reads as no answer.
 */
export function withAnswerTexts(rows: readonly RecipientRow[], poll: MergePoll | null): RecipientActivity[] {
  return rows.map((row) => ({
    ...row,
    pollAnswer: row.pollAnswer === null ? null : (poll?.answers[row.pollAnswer] ?? null),
  }));
}

const epochMs = (time: Date | null) => time?.getTime() ?? null;

/** A recipient of a sent merge and what they did with the message, as the recipients list shows it. */
export function toCampaignRecipient(row: RecipientActivity) {
  return {
    email: row.email,
    status: row.status,
    sentTimestamp: epochMs(row.sentAt),
    firstOpenTimestamp: epochMs(row.openedAt),
    firstClickTimestamp: epochMs(row.clickedAt),
    pollAnswer: row.pollAnswer,
    unsubscribedTimestamp: epochMs(row.unsubscribedAt),
    bouncedTimestamp: epochMs(row.bouncedAt),
    respondedTimestamp: epochMs(row.respondedAt),
    complainedTimestamp: epochMs(row.complainedAt),
    softBounces: row.softBounces,
    reason: row.failureReason,
  };
}
