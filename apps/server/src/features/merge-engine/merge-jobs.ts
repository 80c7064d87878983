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
  async run({ database, config, data, logger }) {
    await runMergeWorker({
      database,
      config,
      mergeId: data.mergeId,
      lane: data.lane ?? 0,
      ...(logger ? { logger } : {}),
    });
  },
});

/**
 * Rows claimed longer than the lease ago by a worker that never said what became of them: their
 * worker died between claiming and recording, so each may or may not have been sent. They become
 * UNKNOWN and are never sent again (a duplicate is worse than a gap); merges left with nothing
 * else to send complete. Answers how many rows were marked.
 */
export async function reapStaleClaims(database: Database, leaseSeconds: number): Promise<number> {
  const reaped = (await database.db.execute(sql`UPDATE campaign_recipients
      SET status = 'UNKNOWN', failure_reason = 'The worker sending it stopped before reporting'
    WHERE status = 'SENDING' AND claimed_at < now() - make_interval(secs => ${leaseSeconds})
    RETURNING campaign_id`)) as unknown as { rows: { campaign_id: string }[] };
  const campaignIds = [...new Set(reaped.rows.map((row) => row.campaign_id))];
  if (campaignIds.length > 0) {
    const owners = await database.db
      .select({ id: merges.id })
      .from(merges)
      .where(inArray(merges.campaignId, campaignIds));
    for (const merge of owners) await finishIfDone(database.db, merge.id);
  }
  return reaped.rows.length;
}

export const mergeReaperJob = defineJob({
  name: 'merge-reap-stale-claims',
  schedule: '* * * * *',
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
