import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Tx } from '../../db/client';

/** pg-boss's own SQL (text with $n parameters) run inside a drizzle transaction. */
function executorIn(tx: Tx) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts: SQL[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        parts.push(sql.raw(text.slice(last, match.index)));
        const value = values[Number(match[1]) - 1];
        const bound = value !== null && typeof value === 'object' ? JSON.stringify(value) : (value ?? null);
        parts.push(sql`${bound}`);
        last = match.index + match[0].length;
      }
      parts.push(sql.raw(text.slice(last)));
      const result = (await tx.execute(sql.join(parts))) as unknown as { rows: Record<string, unknown>[] };
      return { rows: result.rows };
    },
  };
}

/**
 * Enqueues a job in the caller's transaction (RELIABILITY: enqueue with the write that needs it):
 * the job exists exactly when the rows it works on do. `startAfter` delays it.
 */
async function enqueueInTransaction(
  tx: Tx,
  boss: Pick<PgBoss, 'send'>,
  job: { name: string; data: object; singletonKey: string; startAfter?: Date },
): Promise<void> {
  await boss.send(job.name, job.data, {
    db: executorIn(tx),
    singletonKey: job.singletonKey,
    ...(job.startAfter ? { startAfter: job.startAfter.toISOString() } : {}),
  });
}

const senders = new WeakMap<Database, PgBoss>();

/**
 * A pg-boss instance that only enqueues, for code that runs inside a job (which is handed the
 * database, not the process's queue): pg-boss touches the database only through the executor
 * each send is given, so this one is never started.
 */
function jobSender(database: Database): PgBoss {
  let sender = senders.get(database);
  if (!sender) {
    sender = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => database.execute(text, values) },
    });
    senders.set(database, sender);
  }
  return sender;
}

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
