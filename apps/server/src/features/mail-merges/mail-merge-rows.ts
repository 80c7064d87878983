import type { campaigns, scheduledMerges } from '../../db/schema';

/** The answers' shapes of the mail-merge calls, from their database rows. */
export type CampaignRow = typeof campaigns.$inferSelect;
export type ScheduledRow = typeof scheduledMerges.$inferSelect;

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

/** A sent merge as its detail shows it: the list's fields and the rest of its counters. */
export function toSentCampaignDetail(row: CampaignRow) {
  const listed = toSentCampaign(row);
  return {
    ...listed,
    emailSubject: row.emailSubject,
    mergeSourceSheetKey: row.mergeSourceSheetKey,
    trackingInfos: {
      ...listed.trackingInfos,
      unsubscribed: row.unsubscribedCount,
      responded: row.respondedCount,
    },
    machineHits: { opened: row.machineOpenHits, clicked: row.machineClickHits },
  };
}

/** The sheet a scheduled merge reads, as a link (list, detail and export alike). */
export const spreadsheetLinkOf = (row: Pick<ScheduledRow, 'spreadsheetId' | 'sheetId'>) =>
  `https://docs.google.com/spreadsheets/d/${row.spreadsheetId}/edit#gid=${row.sheetId}`;

/** A scheduled merge as the list and its detail show it (API-044). */
export function toScheduledCampaign(row: ScheduledRow) {
  return {
    id: `${row.spreadsheetId}-${row.sheetId}`,
    scheduledMergeId: row.id,
    workspaceId: row.workspaceId,
    spreadsheetId: row.spreadsheetId,
    sheetId: row.sheetId,
    sheetName: row.sheetName,
    spreadsheetName: row.spreadsheetName,
    title: row.title,
    spreadsheetLink: spreadsheetLinkOf(row),
    mergeTime: row.mergeTime?.getTime() ?? null,
    createdTime: row.createdAt.getTime(),
    numberOfEmailsSent: row.sentCount,
    numberOfEmailsToSend: row.toSendCount,
    status: row.status,
    error: row.error,
    errorDetails: row.errorDetails,
    recoverableErrorRetries: row.recoverableErrorRetries,
    recoverableErrorLastRetryTimestamp: row.recoverableErrorLastRetryAt?.getTime() ?? null,
  };
}
