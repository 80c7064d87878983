import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { campaignRecipients, campaigns, merges, scheduledMerges } from '../../db/schema';
import type { SheetRecipients } from './sheet-source';

/** Recipients written per INSERT statement (6 parameters each, well under PostgreSQL's 65,535). */
const INSERT_CHUNK = 2000;

export type MergeRow = typeof merges.$inferSelect;

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
  const [campaign] = await tx
    .insert(campaigns)
    .values({
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
      lastEmailSentAt: sql`now()`,
    })
    .returning({ id: campaigns.id });
  const campaignId = campaign!.id;
  for (let at = 0; at < sheet.sendable.length; at += INSERT_CHUNK) {
    await tx.insert(campaignRecipients).values(
      sheet.sendable.slice(at, at + INSERT_CHUNK).map((recipient) => ({
        campaignId,
        email: recipient.email,
        rowNumber: recipient.rowNumber,
        cc: recipient.cc,
        bcc: recipient.bcc,
        status: 'PENDING' as const,
      })),
    );
  }
  await tx
    .update(merges)
    .set({
      campaignId,
      status: 'SENDING',
      skipped: sheet.skipped,
      spreadsheetName: sheet.spreadsheetName,
      sheetName: sheet.sheetName,
    })
    .where(eq(merges.id, merge.id));
  if (merge.scheduledMergeId) {
    await tx
      .update(scheduledMerges)
      .set({
        status: 'IN PROGRESS',
        mergeTime: sql`now()`,
        toSendCount: sheet.sendable.length,
        error: null,
        errorDetails: null,
      })
      .where(eq(scheduledMerges.id, merge.scheduledMergeId));
  }
  return campaignId;
}
