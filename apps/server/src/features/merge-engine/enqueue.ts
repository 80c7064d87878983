import type PgBoss from 'pg-boss';
import type { Database, Tx } from '../../db/client';
import { enqueueInTransaction, jobSender } from '../../jobs/enqueue-in-transaction';

/** The job that sends one merge (data { mergeId, lane }; per lane one queued and one running). */
export const MERGE_SEND_JOB = 'merge-send';

/**
 * Where merge jobs go: the queue, and how many lanes each merge has (MERGE_WORKERS_PER_MERGE):
 * one job per lane, so that many worker processes share a merge's rows.
 */
export interface MergeJobs {
  boss: Pick<PgBoss, 'send'>;
  lanes: number;
}

/**
 * Enqueues the merge's sending jobs in the caller's transaction, after `startAfter` when given:
 * one per lane, or only `lane` (a job handing over to its own successor).
 */
export async function enqueueMergeSend(
  tx: Tx,
  jobs: MergeJobs,
  mergeId: string,
  options: { startAfter?: Date; lane?: number } = {},
): Promise<void> {
  const lanes =
    options.lane === undefined ? Array.from({ length: jobs.lanes }, (_, lane) => lane) : [options.lane];
  for (const lane of lanes) {
    await enqueueInTransaction(tx, jobs.boss, {
      name: MERGE_SEND_JOB,
      data: { mergeId, lane },
      singletonKey: `${mergeId}/${lane}`,
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    });
  }
}

/** The merge jobs of code running inside a job, from its database and configuration. */
export const mergeJobsIn = (database: Database, lanes: number): MergeJobs => ({
  boss: jobSender(database),
  lanes,
});
