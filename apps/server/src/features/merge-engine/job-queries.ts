import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { merges, scheduledMerges } from '../../db/schema';
import { MERGE_SEND_JOB } from './enqueue';
import { rowsOf } from './merge-queries';

/** The SQL of the merge jobs: the reaper of dead workers' claims and the resume after the quota reset. */

const unseenSince = (leaseSeconds: number) => sql`now() - make_interval(secs => ${leaseSeconds})`;

/**
 * Rows SENDING whose worker has gone unseen for the lease (or, for a worker that never had a
 * heartbeat row, claimed longer than the lease ago) become UNKNOWN; answers their campaigns.
 */
export async function markDeadWorkersRowsUnknown(tx: Tx, leaseSeconds: number) {
  return rowsOf<{ campaign_id: string }>(
    await tx.execute(sql`UPDATE campaign_recipients r
          SET status = 'UNKNOWN', failure_reason = 'The worker sending it stopped before reporting'
        WHERE r.status = 'SENDING'
          AND NOT EXISTS (SELECT 1 FROM merge_workers w WHERE w.id = r.claimed_by AND w.seen_at >= ${unseenSince(leaseSeconds)})
          AND (r.claimed_at < ${unseenSince(leaseSeconds)} OR EXISTS (SELECT 1 FROM merge_workers w WHERE w.id = r.claimed_by))
        RETURNING r.campaign_id`),
  );
}

/** Merge-send jobs still active with no worker seen for them within the lease are cancelled; answers their data. */
export async function cancelAbandonedSendJobs(tx: Tx, leaseSeconds: number) {
  // pg-boss 10 can neither list active jobs nor tell a dead worker's from a live one's (it has no
  // heartbeat of its own), so the dead ones are found and cancelled in its table, as its cancel()
  // does; one statement, so two processes reaping at once cancel (and enqueue) a job once.
  return rowsOf<{ data: { mergeId: string; lane?: number } }>(
    await tx.execute(sql`UPDATE pgboss.job j SET state = 'cancelled', completed_on = now()
        WHERE j.name = ${MERGE_SEND_JOB} AND j.state = 'active' AND j.started_on < ${unseenSince(leaseSeconds)}
          AND NOT EXISTS (SELECT 1 FROM merge_workers w WHERE w.job_id = j.id AND w.seen_at >= ${unseenSince(leaseSeconds)})
        RETURNING j.data`),
  );
}

export async function forgetWorkersUnseenFor(tx: Tx, leaseSeconds: number): Promise<void> {
  await tx.execute(sql`DELETE FROM merge_workers WHERE seen_at < ${unseenSince(leaseSeconds)}`);
}

export async function mergesOfCampaigns(db: Db, campaignIds: string[]) {
  return db.select({ id: merges.id }).from(merges).where(inArray(merges.campaignId, campaignIds));
}

export async function mergesWaitingForQuota(db: Db) {
  return db.select().from(merges).where(eq(merges.status, 'WAITING_FOR_QUOTA'));
}

/** A merge still WAITING_FOR_QUOTA is SENDING again; answers whether it moved. */
export async function resumeMergeWaitingForQuota(tx: Tx, mergeId: string): Promise<boolean> {
  const moved = await tx
    .update(merges)
    .set({ status: 'SENDING' })
    .where(sql`${merges.id} = ${mergeId} AND ${merges.status} = 'WAITING_FOR_QUOTA'`)
    .returning({ id: merges.id });
  return moved.length > 0;
}

export async function scheduledMergeRunsNow(tx: Tx, scheduledMergeId: string): Promise<void> {
  await tx
    .update(scheduledMerges)
    .set({ mergeTime: sql`now()` })
    .where(eq(scheduledMerges.id, scheduledMergeId));
}
