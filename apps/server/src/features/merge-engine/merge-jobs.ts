import type { Database } from '../../db/client';
import { defineJob } from '../../jobs/job';
import { enqueueMergeSend, mergeJobsIn, MERGE_SEND_JOB } from './enqueue';
import {
  cancelAbandonedSendJobs,
  forgetWorkersUnseenFor,
  markDeadWorkersRowsUnknown,
  mergesOfCampaigns,
  mergesWaitingForQuota,
  resumeMergeWaitingForQuota,
  scheduledMergeRunsNow,
} from './job-queries';
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
  const reaped = await database.db.transaction(async (tx) => {
    const rows = await markDeadWorkersRowsUnknown(tx, leaseSeconds);
    const abandoned = await cancelAbandonedSendJobs(tx, leaseSeconds);
    for (const { data } of abandoned) {
      await enqueueMergeSend(tx, mergeJobsIn(database, 1), data.mergeId, { lane: data.lane ?? 0 });
    }
    await forgetWorkersUnseenFor(tx, leaseSeconds);
    return rows;
  });
  const campaignIds = [...new Set(reaped.map((row) => row.campaign_id))];
  if (campaignIds.length > 0) {
    const owners = await mergesOfCampaigns(database.db, campaignIds);
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
  const waiting = await mergesWaitingForQuota(database.db);
  const resumed: string[] = [];
  for (const merge of waiting) {
    const plan = await senderPlan(database.db, merge);
    if (!plan || (await quotaUsedToday(database.db, merge.userId)) >= plan.limit) continue;
    await database.db.transaction(async (tx) => {
      if (!(await resumeMergeWaitingForQuota(tx, merge.id))) return;
      if (merge.scheduledMergeId) await scheduledMergeRunsNow(tx, merge.scheduledMergeId);
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
