import { MESSAGE_ADDRESSES_MAX, messageAddressCount, type BreakerTrip } from '@mergeboard/core';
import type { Db } from '../../db/client';
import { tripCircuitBreaker } from '../circuit-breaker';
import { bounceAtSend, softBounceAtSend } from '../inbound';
import {
  addQuotaUsed,
  claimRowsForBatch,
  countCampaignSent,
  countScheduledMergeSent,
  ensureTodaysQuotaRow,
  failOversizedRows,
  giveBackQuota,
  hasPendingRows,
  lockTodaysQuota,
  markRowsFailed,
  markRowsSent,
  mergeSendState,
  releaseRows,
  type ClaimedRecipient,
} from './claim-queries';

type Claim =
  /** The merge is no longer sending (cancelled, stopped, waiting for a retry): claim nothing more. */
  | { kind: 'stopped' }
  /** The sender's quota for today is used up while rows remain. */
  | { kind: 'quota' }
  /** Rows now SENDING for this worker; none when the merge has nothing left to claim. */
  | { kind: 'claimed'; day: string; recipients: ClaimedRecipient[] };

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
    const merge = await mergeSendState(tx, options.mergeId);
    if (merge?.status !== 'SENDING' || merge.later) return { kind: 'stopped' } as const;
    await ensureTodaysQuotaRow(tx, options.userId);
    const quota = await lockTodaysQuota(tx, options.userId);
    // A PENDING row whose message has more addresses than the sender's whole daily limit could
    // never go out whole, and would hold back every row after it: it fails with the reason. Only
    // a limit under the largest message can do this (a small freeUserQuota), so larger ones skip
    // the scan.
    if (options.limit < MESSAGE_ADDRESSES_MAX) await failOversizedRows(tx, options.campaignId, options.limit);
    const room = options.limit - quota.used;
    const recipients = room > 0 ? await claimRowsForBatch(tx, { ...options, room }) : [];
    if (recipients.length === 0) {
      // Nothing fits while rows remain: the next row waits for the reset. (Claims of one sender
      // queue on the quota row, so no other claim holds a PENDING row locked here.)
      return (await hasPendingRows(tx, options.campaignId))
        ? ({ kind: 'quota' } as const)
        : { kind: 'claimed' as const, day: quota.day, recipients: [] };
    }
    const addresses = recipients.reduce((sum, recipient) => sum + messageAddressCount(recipient), 0);
    await addQuotaUsed(tx, { userId: options.userId, day: quota.day }, addresses);
    // RETURNING follows no order; the batch is sent in sheet order.
    recipients.sort((a, b) => a.rowNumber - b.rowNumber);
    return { kind: 'claimed' as const, day: quota.day, recipients };
  });
}

type Refused = { id: string; messageId: string; reason: string };

export interface Outcomes {
  sent: { id: string; messageId: string }[];
  failed: { id: string; reason: string }[];
  /** Refused for good by the recipient's server (SMTP 5xx to RCPT TO): sent, and a hard bounce at once. */
  bounced: Refused[];
  /**
   * Deferred by the recipient's server (SMTP 4xx for this message): released too, and a soft
   * bounce counted; the third makes the row sent and a hard bounce instead.
   */
  deferred: Refused[];
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
 * monthly rollup follows sent_at by trigger). A row the recipient's server refused is a bounce,
 * applied as one that came back by mail is (inbound feature): counted sent, as the spec's
 * "delivered = sent − bounced" wants, then BOUNCED. Then the circuit breaker reads the counters
 * and the batch's refusals (`rejections`: what the providers answered, a transient one included)
 * and may pause the merge, in the same transaction; answers its trip, if any.
 */
export async function recordOutcomes(
  db: Db,
  merge: { campaignId: string; scheduledMergeId: string | null; userId: string; day: string },
  outcomes: Outcomes,
  rejections: readonly string[] = [],
): Promise<BreakerTrip | null> {
  const failed = [
    ...outcomes.failed,
    ...outcomes.suppressed.map((id) => ({ id, reason: 'Unsubscribed or bounced since the merge started' })),
  ];
  return db.transaction(async (tx) => {
    const bounced = [...outcomes.bounced];
    for (const deferred of outcomes.deferred) {
      if (await softBounceAtSend(tx, deferred.id)) bounced.push(deferred);
    }
    const sentOrBounced = [...outcomes.sent, ...bounced.map(({ id, messageId }) => ({ id, messageId }))];
    const sentCount = sentOrBounced.length > 0 ? await markRowsSent(tx, sentOrBounced) : 0;
    for (const row of bounced) await bounceAtSend(tx, row.id, row.reason);
    if (failed.length > 0) await markRowsFailed(tx, failed);
    const bouncedIds = new Set(bounced.map((row) => row.id));
    const released = outcomes.released.filter((id) => !bouncedIds.has(id));
    if (released.length > 0) await releaseRows(tx, released);
    const unsent = [...released, ...outcomes.suppressed];
    if (unsent.length > 0 || outcomes.droppedCopies > 0) {
      // Each unsent row gives back every address it was claimed with.
      await giveBackQuota(tx, merge, { rowIds: unsent, droppedCopies: outcomes.droppedCopies });
    }
    if (sentCount > 0) {
      await countCampaignSent(tx, merge.campaignId, sentCount);
      if (merge.scheduledMergeId) await countScheduledMergeSent(tx, merge.scheduledMergeId, sentCount);
    }
    if (sentCount === 0 && rejections.length === 0) return null;
    return tripCircuitBreaker(tx, {
      campaignId: merge.campaignId,
      news: { sent: sentCount, hardBounces: bounced.length, rejections },
    });
  });
}
