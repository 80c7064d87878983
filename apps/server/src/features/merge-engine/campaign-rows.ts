import { mergeTitle } from '@mergeboard/core';
import type { Tx } from '../../db/client';
import {
  insertCampaign,
  insertPendingRecipients,
  scheduledMergeInProgress,
  startSendingMerge,
} from './campaign-queries';
import type { MergeRow } from './merge-queries';
import type { SheetRecipients } from './sheet-source';

/** A merge's title on the lists: the name its sender gave it, else the spec's, from its sheet. */
export const titleOf = (
  merge: Pick<MergeRow, 'title'>,
  sheet: Pick<SheetRecipients, 'spreadsheetName' | 'sheetName'>,
) => merge.title ?? mergeTitle(sheet.spreadsheetName, sheet.sheetName);

/**
 * The page 'Open in Google Sheets' opens, for a linked Google Sheet; empty for an uploaded file,
 * which has no page (the dialogs offer its rows as CSV instead).
 */
export const spreadsheetLinkOf = (sheet: Pick<SheetRecipients, 'externalId'>, sheetId: string) =>
  sheet.externalId ? `https://docs.google.com/spreadsheets/d/${sheet.externalId}/edit#gid=${sheetId}` : '';

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
    title: titleOf(merge, sheet),
    spreadsheetId,
    spreadsheetName: sheet.spreadsheetName,
    sheetId: merge.sheetId,
    sheetName: sheet.sheetName,
    mergeSourceSheetKey: `${spreadsheetId}-${merge.sheetId}`,
    spreadsheetLink: spreadsheetLinkOf(sheet, merge.sheetId),
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
