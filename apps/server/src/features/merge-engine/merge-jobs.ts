import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { merges, scheduledMerges } from '../../db/schema';
import { defineJob } from '../../jobs/job';
import { enqueueMergeSend, mergeJobsIn, MERGE_SEND_JOB } from './enqueue';
import { finishIfDone } from './merge-lifecycle';
import { runMergeWorker } from './merge-worker';
import { quotaUsedToday, senderPlan } from './sender-quota';

/** Sends one lane of a merge (stately: per merge and lane, at most one job waits and one runs). */
export const mergeSendJob = defineJob<{ mergeId: string; lane?: number }>({
  name: MERGE_SEND_JOB,
  policy: 'stately',
  async run({ database, config, data, jobId, logger }) {
    await runMergeWorker({
      database,
      config,
      mergeId: data.mergeId,
      lane: data.lane ?? 0,
      jobId,
      ...(logger ? { logger } : {}),
    });
  },
});

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Recovers from merge workers that died (or ended without recording everything), told apart from
 * live ones by their heartbeat (merge_workers, renewed while a worker runs):
 * - rows SENDING whose worker has gone unseen for the lease (or, for a worker that never had a
 *   heartbeat row, claimed longer than the lease ago) may or may not have been sent: they become
 *   UNKNOWN and are never sent again (a duplicate is worse than a gap); a live worker's rows,
 *   another process's included, are left alone;
 * - a merge-send job still active with no worker seen for it within the lease is a dead worker's:
 *   it is cancelled and its lane enqueued again, so the merge resumes now rather than at pg-boss's
 *   expiry (15 minutes), and a queued job of the same lane (stately) is no longer held behind it;
 * - merges left with nothing else to send complete.
 * Answers how many rows were marked.
 */
export async function reapStaleClaims(database: Database, leaseSeconds: number): Promise<number> {
  const unseenSince = sql`now() - make_interval(secs => ${leaseSeconds})`;
  const reaped = await database.db.transaction(async (tx) => {
    const rows = rowsOf<{ campaign_id: string }>(
      await tx.execute(sql`UPDATE campaign_recipients r
          SET status = 'UNKNOWN', failure_reason = 'The worker sending it stopped before reporting'
        WHERE r.status = 'SENDING'
          AND NOT EXISTS (SELECT 1 FROM merge_workers w WHERE w.id = r.claimed_by AND w.seen_at >= ${unseenSince})
          AND (r.claimed_at < ${unseenSince} OR EXISTS (SELECT 1 FROM merge_workers w WHERE w.id = r.claimed_by))
        RETURNING r.campaign_id`),
    );
    // pg-boss 10 can neither list active jobs nor tell a dead worker's from a live one's (it has no
    // heartbeat of its own), so the dead ones are found and cancelled in its table, as its cancel()
    // does; one statement, so two processes reaping at once cancel (and enqueue) a job once.
    const abandoned = rowsOf<{ data: { mergeId: string; lane?: number } }>(
      await tx.execute(sql`UPDATE pgboss.job j SET state = 'cancelled', completed_on = now()
        WHERE j.name = ${MERGE_SEND_JOB} AND j.state = 'active' AND j.started_on < ${unseenSince}
          AND NOT EXISTS (SELECT 1 FROM merge_workers w WHERE w.job_id = j.id AND w.seen_at >= ${unseenSince})
        RETURNING j.data`),
    );
    for (const { data } of abandoned) {
      await enqueueMergeSend(tx, mergeJobsIn(database, 1), data.mergeId, { lane: data.lane ?? 0 });
    }
    await tx.execute(sql`DELETE FROM merge_workers WHERE seen_at < ${unseenSince}`);
    return rows;
  });
  const campaignIds = [...new Set(reaped.map((row) => row.campaign_id))];
  if (campaignIds.length > 0) {
    const owners = await database.db
      .select({ id: merges.id })
      .from(merges)
      .where(inArray(merges.campaignId, campaignIds));
    for (const merge of owners) await finishIfDone(database.db, merge.id);
  }
  return reaped.length;
}

/**
 * In every worker process, at start and every 10 s: a dead worker's merge resumes within a lease
 * and 10 s of its last heartbeat, whichever process notices (pg-boss's cron ticks only by the minute).
 */
export const mergeReaperJob = defineJob({
  name: 'merge-reap-stale-claims',
  everySeconds: 10,
  async run({ database, config }) {
    await reapStaleClaims(database, config.MERGE_CLAIM_LEASE_SECONDS);
  },
});

/**
 * MM-028: merges waiting for their sender's quota resume once it has room again, which is at the
 * UTC day's reset; the job runs hourly so a merge that began waiting just as the day turned is not
 * left for a whole day. Answers the merges resumed.
 */
export async function resumeWaitingMerges(database: Database, lanes: number): Promise<string[]> {
  const waiting = await database.db.select().from(merges).where(eq(merges.status, 'WAITING_FOR_QUOTA'));
  const resumed: string[] = [];
  for (const merge of waiting) {
    const plan = await senderPlan(database.db, merge);
    if (!plan || (await quotaUsedToday(database.db, merge.userId)) >= plan.limit) continue;
    await database.db.transaction(async (tx) => {
      const moved = await tx
        .update(merges)
        .set({ status: 'SENDING' })
        .where(sql`${merges.id} = ${merge.id} AND ${merges.status} = 'WAITING_FOR_QUOTA'`)
        .returning({ id: merges.id });
      if (moved.length === 0) return;
      if (merge.scheduledMergeId) {
        await tx
          .update(scheduledMerges)
          .set({ mergeTime: sql`now()` })
          .where(eq(scheduledMerges.id, merge.scheduledMergeId));
      }
      await enqueueMergeSend(tx, mergeJobsIn(database, lanes), merge.id);
      resumed.push(merge.id);
    });
  }
  return resumed;
}

export const mergeQuotaResetJob = defineJob({
  name: 'merge-resume-after-quota-reset',
  schedule: '0 * * * *',
  async run({ database, config }) {
    await resumeWaitingMerges(database, config.MERGE_WORKERS_PER_MERGE);
  },
});
