import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { campaignRecipients, campaigns, merges, scheduledMerges } from '../../db/schema';
import type { SheetRecipients } from './sheet-source';

/** The SQL of a merge's start: its campaign, its recipient rows, the merge and its scheduled row. */

/** Recipients written per INSERT statement (6 parameters each, well under PostgreSQL's 65,535). */
const INSERT_CHUNK = 2000;

/** The campaign, last sent now; answers its id. */
export async function insertCampaign(
  tx: Tx,
  values: Omit<typeof campaigns.$inferInsert, 'lastEmailSentAt'>,
): Promise<string> {
  const [campaign] = await tx
    .insert(campaigns)
    .values({ ...values, lastEmailSentAt: sql`now()` })
    .returning({ id: campaigns.id });
  return campaign!.id;
}

/** The campaign's rows, PENDING, in chunks of INSERT_CHUNK. */
export async function insertPendingRecipients(
  tx: Tx,
  campaignId: string,
  recipients: SheetRecipients['sendable'],
): Promise<void> {
  for (let at = 0; at < recipients.length; at += INSERT_CHUNK) {
    await tx.insert(campaignRecipients).values(
      recipients.slice(at, at + INSERT_CHUNK).map((recipient) => ({
        campaignId,
        email: recipient.email,
        rowNumber: recipient.rowNumber,
        cc: recipient.cc,
        bcc: recipient.bcc,
        status: 'PENDING' as const,
      })),
    );
  }
}

/** The merge is SENDING its campaign, with what this read of the sheet found. */
export async function startSendingMerge(
  tx: Tx,
  mergeId: string,
  values: Pick<typeof merges.$inferInsert, 'campaignId' | 'skipped' | 'spreadsheetName' | 'sheetName'>,
): Promise<void> {
  await tx
    .update(merges)
    .set({
      campaignId: values.campaignId,
      status: 'SENDING',
      skipped: values.skipped,
      spreadsheetName: values.spreadsheetName,
      sheetName: values.sheetName,
    })
    .where(eq(merges.id, mergeId));
}

/** The scheduled row is IN PROGRESS from now, with the count to send, its error cleared. */
export async function scheduledMergeInProgress(tx: Tx, scheduledMergeId: string, toSendCount: number) {
  await tx
    .update(scheduledMerges)
    .set({ status: 'IN PROGRESS', mergeTime: sql`now()`, toSendCount, error: null, errorDetails: null })
    .where(eq(scheduledMerges.id, scheduledMergeId));
}
