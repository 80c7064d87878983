import { sql } from 'drizzle-orm';
import {
  MESSAGE_ADDRESSES_MAX,
  messageAddressCount,
  oversizedMessageReason,
  type MessageCopies,
} from '@mergeboard/core';
import type { Db, Tx } from '../../db/client';
import { QUOTA_DAY } from './merge-queries';

export interface ClaimedRecipient extends MessageCopies {
  id: string;
  email: string;
  rowNumber: number;
}

type Claim =
  /** The merge is no longer sending (cancelled, stopped, waiting for a retry): claim nothing more. */
  | { kind: 'stopped' }
  /** The sender's quota for today is used up while rows remain. */
  | { kind: 'quota' }
  /** Rows now SENDING for this worker; none when the merge has nothing left to claim. */
  | { kind: 'claimed'; day: string; recipients: ClaimedRecipient[] };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The quota units of a recipient row in SQL: its To and each of its copies (messageAddressCount). */
const ADDRESSES = sql.raw('(1 + cardinality(cc) + cardinality(bcc))');

/**
 * A PENDING row whose message has more addresses than the sender's whole daily limit could never
 * go out whole, and would hold back every row after it: it fails with the reason. Only a limit
 * under the largest message can do this (a small freeUserQuota), so larger ones skip the scan.
 */
async function failOversized(tx: Tx, campaignId: string, limit: number): Promise<void> {
  if (limit >= MESSAGE_ADDRESSES_MAX) return;
  await tx.execute(sql`UPDATE campaign_recipients SET status = 'FAILED', failure_reason = ${oversizedMessageReason(limit)}
    WHERE campaign_id = ${campaignId} AND status = 'PENDING' AND ${ADDRESSES} > ${limit}`);
}

/**
 * Claims the next PENDING rows in sheet order while their addresses fit `room`: a row that does not
 * fit, and every row after it, waits (a message is never sent in part, nor overtaken).
 */
async function claimRows(
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

/**
 * Claims the merge's next PENDING rows for one worker, in sheet order, in one transaction that
 * holds the sender's quota row FOR UPDATE. The quota counts addresses, not rows: a message uses
 * one unit for its To and one per Cc and Bcc address, so rows are claimed while their addresses
 * fit limit − used and those are added to used; merges of one sender racing each other never
 * pass the limit. FOR UPDATE SKIP LOCKED lets several workers claim disjoint rows of one merge. A
 * claimed row is SENDING with its claim time and worker: if the worker dies, the reaper marks it
 * UNKNOWN and it is never sent again.
 */
export async function claimBatch(
  db: Db,
  options: {
    mergeId: string;
    campaignId: string;
    userId: string;
    limit: number;
    batchSize: number;
    workerId: string;
  },
): Promise<Claim> {
  return db.transaction(async (tx) => {
    // Sending stops between batches once the merge is cancelled or stopped, or another lane has
    // set it to retry later.
    const [merge] = rowsOf<{ status: string; later: boolean }>(
      await tx.execute(sql`SELECT m.status, coalesce(s.merge_time > now(), false) AS later
        FROM merges m LEFT JOIN scheduled_merges s ON s.id = m.scheduled_merge_id
        WHERE m.id = ${options.mergeId}`),
    );
    if (merge?.status !== 'SENDING' || merge.later) return { kind: 'stopped' } as const;
    await tx.execute(sql`INSERT INTO sender_daily_quota (user_id, day, used)
      VALUES (${options.userId}, ${QUOTA_DAY}, 0) ON CONFLICT (user_id, day) DO NOTHING`);
    const [quota] = rowsOf<{ used: number; day: string }>(
      await tx.execute(sql`SELECT used, day::text AS day FROM sender_daily_quota
        WHERE user_id = ${options.userId} AND day = ${QUOTA_DAY} FOR UPDATE`),
    );
    await failOversized(tx, options.campaignId, options.limit);
    const room = options.limit - quota!.used;
    const recipients = room > 0 ? await claimRows(tx, { ...options, room }) : [];
    if (recipients.length === 0) {
      // Nothing fits while rows remain: the next row waits for the reset. (Claims of one sender
      // queue on the quota row, so no other claim holds a PENDING row locked here.)
      const [pending] = rowsOf<{ left: boolean }>(
        await tx.execute(sql`SELECT EXISTS (SELECT 1 FROM campaign_recipients
          WHERE campaign_id = ${options.campaignId} AND status = 'PENDING') AS left`),
      );
      return pending!.left
        ? ({ kind: 'quota' } as const)
        : { kind: 'claimed' as const, day: quota!.day, recipients: [] };
    }
    const addresses = recipients.reduce((sum, recipient) => sum + messageAddressCount(recipient), 0);
    await tx.execute(sql`UPDATE sender_daily_quota SET used = used + ${addresses}
      WHERE user_id = ${options.userId} AND day = ${quota!.day}::date`);
    // RETURNING follows no order; the batch is sent in sheet order.
    recipients.sort((a, b) => a.rowNumber - b.rowNumber);
    return { kind: 'claimed' as const, day: quota!.day, recipients };
  });
}

export interface Outcomes {
  sent: { id: string; messageId: string }[];
  failed: { id: string; reason: string }[];
  /** Not taken by the transport (transient): back to PENDING, their quota given back. */
  released: string[];
  /** Refused before sending (suppressed since the merge started): FAILED, their quota given back. */
  suppressed: string[];
  /** Cc and Bcc addresses left out of the messages sent (suppressed since): their quota given back. */
  droppedCopies: number;
}

/**
 * Records what became of claimed rows, after sending, in one short transaction: SENT rows with
 * their time and Message-ID (an UNKNOWN row that turns out sent is SENT too), FAILED rows with their
 * reason, and the counters the lists read (campaigns.sent_count, scheduled_merges.sent_count; the
 * monthly rollup follows sent_at by trigger).
 */
export async function recordOutcomes(
  db: Db,
  merge: { campaignId: string; scheduledMergeId: string | null; userId: string; day: string },
  outcomes: Outcomes,
): Promise<void> {
  const failed = [
    ...outcomes.failed,
    ...outcomes.suppressed.map((id) => ({ id, reason: 'Unsubscribed or bounced since the merge started' })),
  ];
  await db.transaction(async (tx) => {
    let sentCount = 0;
    if (outcomes.sent.length > 0) {
      const updated = rowsOf<{ id: string }>(
        await tx.execute(sql`UPDATE campaign_recipients AS r
            SET status = 'SENT', sent_at = now(), message_id = v.message_id, failure_reason = NULL
          FROM jsonb_to_recordset(${JSON.stringify(outcomes.sent.map((s) => ({ id: s.id, message_id: s.messageId })))}::jsonb)
               AS v(id uuid, message_id text)
          WHERE r.id = v.id AND r.status IN ('SENDING', 'UNKNOWN')
          RETURNING r.id`),
      );
      sentCount = updated.length;
    }
    if (failed.length > 0) {
      await tx.execute(sql`UPDATE campaign_recipients AS r
          SET status = 'FAILED', failure_reason = v.reason
        FROM jsonb_to_recordset(${JSON.stringify(failed)}::jsonb) AS v(id uuid, reason text)
        WHERE r.id = v.id AND r.status = 'SENDING'`);
    }
    const released = outcomes.released;
    if (released.length > 0) {
      await tx.execute(sql`UPDATE campaign_recipients SET status = 'PENDING', claimed_at = NULL, claimed_by = NULL
        WHERE id IN (SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(released)}::jsonb))
          AND status = 'SENDING'`);
    }
    const unsent = [...released, ...outcomes.suppressed];
    if (unsent.length > 0 || outcomes.droppedCopies > 0) {
      // Each unsent row gives back every address it was claimed with.
      await tx.execute(sql`UPDATE sender_daily_quota SET used = greatest(used - ${outcomes.droppedCopies}
          - (SELECT coalesce(sum(${ADDRESSES}), 0) FROM campaign_recipients
              WHERE id IN (SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(unsent)}::jsonb))), 0)
        WHERE user_id = ${merge.userId} AND day = ${merge.day}::date`);
    }
    if (sentCount > 0) {
      await tx.execute(sql`UPDATE campaigns SET sent_count = sent_count + ${sentCount}, last_email_sent_at = now()
        WHERE id = ${merge.campaignId}`);
      if (merge.scheduledMergeId) {
        await tx.execute(sql`UPDATE scheduled_merges SET sent_count = sent_count + ${sentCount}
          WHERE id = ${merge.scheduledMergeId}`);
      }
    }
  });
}
