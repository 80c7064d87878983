import { sql } from 'drizzle-orm';
import { oversizedMessageReason, type MessageCopies } from '@mergeboard/core';
import type { Tx } from '../../db/client';
import { QUOTA_DAY, rowsOf } from './merge-queries';

/** The SQL of claiming rows within the sender's daily quota, and of recording what became of them. */

export interface ClaimedRecipient extends MessageCopies {
  id: string;
  email: string;
  rowNumber: number;
}

/** The quota units of a recipient row in SQL: its To and each of its copies (messageAddressCount). */
const ADDRESSES = sql.raw('(1 + cardinality(cc) + cardinality(bcc))');

/** The merge's status, and whether its scheduled row has set it to retry later. */
export async function mergeSendState(tx: Tx, mergeId: string) {
  const [merge] = rowsOf<{ status: string; later: boolean }>(
    await tx.execute(sql`SELECT m.status, coalesce(s.merge_time > now(), false) AS later
        FROM merges m LEFT JOIN scheduled_merges s ON s.id = m.scheduled_merge_id
        WHERE m.id = ${mergeId}`),
  );
  return merge;
}

/** The sender's quota row of today exists (used 0 when new). */
export async function ensureTodaysQuotaRow(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`INSERT INTO sender_daily_quota (user_id, day, used)
      VALUES (${userId}, ${QUOTA_DAY}, 0) ON CONFLICT (user_id, day) DO NOTHING`);
}

/** The sender's quota row of today, locked until the transaction ends. */
export async function lockTodaysQuota(tx: Tx, userId: string) {
  const [quota] = rowsOf<{ used: number; day: string }>(
    await tx.execute(sql`SELECT used, day::text AS day FROM sender_daily_quota
        WHERE user_id = ${userId} AND day = ${QUOTA_DAY} FOR UPDATE`),
  );
  return quota!;
}

/** The campaign's PENDING rows with more addresses than `limit` fail with the reason. */
export async function failOversizedRows(tx: Tx, campaignId: string, limit: number): Promise<void> {
  await tx.execute(sql`UPDATE campaign_recipients SET status = 'FAILED', failure_reason = ${oversizedMessageReason(limit)}
    WHERE campaign_id = ${campaignId} AND status = 'PENDING' AND ${ADDRESSES} > ${limit}`);
}

/**
 * Claims the next PENDING rows in sheet order while their addresses fit `room`: a row that does not
 * fit, and every row after it, waits (a message is never sent in part, nor overtaken).
 */
export async function claimRowsForBatch(
  tx: Tx,
  options: { campaignId: string; batchSize: number; room: number; workerId: string },
): Promise<ClaimedRecipient[]> {
  return rowsOf<ClaimedRecipient>(
    // The batch is picked in a MATERIALIZED CTE, evaluated once: as `id IN (SELECT … LIMIT n
    // FOR UPDATE SKIP LOCKED)` the planner may rescan the subquery, and each rescan skips to
    // rows not yet locked, claiming more than n. The running sum cannot share a SELECT with FOR
    // UPDATE, hence the second step.
    await tx.execute(sql`WITH candidates AS MATERIALIZED (
        SELECT id, row_number, ${ADDRESSES} AS addresses FROM campaign_recipients
         WHERE campaign_id = ${options.campaignId} AND status = 'PENDING'
         ORDER BY row_number LIMIT ${options.batchSize} FOR UPDATE SKIP LOCKED),
      fitting AS MATERIALIZED (
        SELECT id FROM (SELECT id, sum(addresses) OVER (ORDER BY row_number) AS running FROM candidates) c
         WHERE running <= ${options.room})
      UPDATE campaign_recipients
        SET status = 'SENDING', claimed_at = now(), claimed_by = ${options.workerId}
      WHERE id IN (SELECT id FROM fitting)
      RETURNING id, email, row_number AS "rowNumber", cc, bcc`),
  );
}

export async function hasPendingRows(tx: Tx, campaignId: string): Promise<boolean> {
  const [pending] = rowsOf<{ left: boolean }>(
    await tx.execute(sql`SELECT EXISTS (SELECT 1 FROM campaign_recipients
          WHERE campaign_id = ${campaignId} AND status = 'PENDING') AS left`),
  );
  return pending!.left;
}

type QuotaDay = { userId: string; day: string };

export async function addQuotaUsed(tx: Tx, quota: QuotaDay, addresses: number): Promise<void> {
  await tx.execute(sql`UPDATE sender_daily_quota SET used = used + ${addresses}
      WHERE user_id = ${quota.userId} AND day = ${quota.day}::date`);
}

/** SENT with their time and Message-ID (an UNKNOWN row that turns out sent too); answers how many. */
export async function markRowsSent(tx: Tx, sent: { id: string; messageId: string }[]): Promise<number> {
  const updated = rowsOf<{ id: string }>(
    await tx.execute(sql`UPDATE campaign_recipients AS r
            SET status = 'SENT', sent_at = now(), message_id = v.message_id, failure_reason = NULL
          FROM jsonb_to_recordset(${JSON.stringify(sent.map((s) => ({ id: s.id, message_id: s.messageId })))}::jsonb)
               AS v(id uuid, message_id text)
          WHERE r.id = v.id AND r.status IN ('SENDING', 'UNKNOWN')
          RETURNING r.id`),
  );
  return updated.length;
}

export async function markRowsFailed(tx: Tx, failed: { id: string; reason: string }[]): Promise<void> {
  await tx.execute(sql`UPDATE campaign_recipients AS r
          SET status = 'FAILED', failure_reason = v.reason
        FROM jsonb_to_recordset(${JSON.stringify(failed)}::jsonb) AS v(id uuid, reason text)
        WHERE r.id = v.id AND r.status = 'SENDING'`);
}

/** Claimed rows the transport did not take go back to PENDING, unclaimed. */
export async function releaseRows(tx: Tx, ids: string[]): Promise<void> {
  await tx.execute(sql`UPDATE campaign_recipients SET status = 'PENDING', claimed_at = NULL, claimed_by = NULL
        WHERE id IN (SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
          AND status = 'SENDING'`);
}

/** The quota given back: the dropped copies and every address the unsent rows were claimed with. */
export async function giveBackQuota(
  tx: Tx,
  quota: QuotaDay,
  unsent: { rowIds: string[]; droppedCopies: number },
): Promise<void> {
  await tx.execute(sql`UPDATE sender_daily_quota SET used = greatest(used - ${unsent.droppedCopies}
          - (SELECT coalesce(sum(${ADDRESSES}), 0) FROM campaign_recipients
              WHERE id IN (SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(unsent.rowIds)}::jsonb))), 0)
        WHERE user_id = ${quota.userId} AND day = ${quota.day}::date`);
}

export async function countCampaignSent(tx: Tx, campaignId: string, sentCount: number): Promise<void> {
  await tx.execute(sql`UPDATE campaigns SET sent_count = sent_count + ${sentCount}, last_email_sent_at = now()
        WHERE id = ${campaignId}`);
}

export async function countScheduledMergeSent(
  tx: Tx,
  scheduledMergeId: string,
  sentCount: number,
): Promise<void> {
  await tx.execute(sql`UPDATE scheduled_merges SET sent_count = sent_count + ${sentCount}
          WHERE id = ${scheduledMergeId}`);
}
