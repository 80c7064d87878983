import type { Tx } from '../../db/client';
import {
  insertCampaign,
  insertPendingRecipients,
  scheduledMergeInProgress,
  startSendingMerge,
} from './campaign-queries';
import type { MergeRow } from './merge-queries';
import type { SheetRecipients } from './sheet-source';

/** The spec's title of a merge: 'spreadsheet name - sheet name'. */
export const mergeTitle = (spreadsheetName: string, sheetName: string) => `${spreadsheetName} - ${sheetName}`;

/**
 * The spreadsheet id the Sent and Scheduled lists know a merge by: Google's id for a linked Google
 * Sheet (so 'Open in Google Sheets' opens it), ours for an uploaded file.
 */
export const listedSpreadsheetId = (
  merge: Pick<MergeRow, 'spreadsheetId'>,
  sheet: Pick<SheetRecipients, 'externalId'>,
) => sheet.externalId ?? merge.spreadsheetId ?? '';

/**
 * A merge starts: its campaign (the Sent list's row, last sent now) and one PENDING recipient per
 * sendable address with its message's copies, in the caller's transaction; the merge becomes
 * SENDING and its scheduled row IN PROGRESS with the counts of this read of the sheet.
 */
export async function writeCampaign(tx: Tx, merge: MergeRow, sheet: SheetRecipients): Promise<string> {
  const spreadsheetId = listedSpreadsheetId(merge, sheet);
  const campaignId = await insertCampaign(tx, {
    workspaceId: merge.workspaceId,
    userId: merge.userId,
    title: mergeTitle(sheet.spreadsheetName, sheet.sheetName),
    spreadsheetId,
    spreadsheetName: sheet.spreadsheetName,
    sheetId: merge.sheetId,
    sheetName: sheet.sheetName,
    mergeSourceSheetKey: `${spreadsheetId}-${merge.sheetId}`,
    spreadsheetLink: sheet.externalId
      ? `https://docs.google.com/spreadsheets/d/${sheet.externalId}/edit#gid=${merge.sheetId}`
      : '',
    emailSubject: merge.subject,
  });
  await insertPendingRecipients(tx, campaignId, sheet.sendable);
  await startSendingMerge(tx, merge.id, {
    campaignId,
    skipped: sheet.skipped,
    spreadsheetName: sheet.spreadsheetName,
    sheetName: sheet.sheetName,
  });
  if (merge.scheduledMergeId)
    await scheduledMergeInProgress(tx, merge.scheduledMergeId, sheet.sendable.length);
  return campaignId;
}
