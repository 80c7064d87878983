import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config';
import type { Database } from '../db/client';
import type { JobDefinition } from './job';

export interface Queue {
  /** Enqueue a job; answers its id. */
  /** `singletonKey`: at most one queued job per key (e.g. one sync per customer at a time). */
  send(name: string, data?: object, options?: { singletonKey?: string }): Promise<string | null>;
  /** The underlying pg-boss instance, for tests and operations. */
  boss: PgBoss;
  stop(): Promise<void>;
}

interface QueueOptions {
  database: Database;
  config: Config;
  logger: FastifyBaseLogger;
  /** The jobs this process knows (app/jobs.ts). */
  jobs: readonly JobDefinition[];
  /** Workers and schedules run here; false for processes that only enqueue (ROLE=web). */
  work: boolean;
  pollingIntervalSeconds?: number;
}

/**
 * Runs a job with `everySeconds` now and then that often in this process, never two turns at once;
 * a failure is logged and the next turn comes as usual. Answers how to stop: no new turn, and the
 * one under way finished.
 */
function repeatInProcess(
  job: JobDefinition,
  input: { database: Database; config: Config; logger: FastifyBaseLogger },
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const turn = () => {
    running ??= job
      .run({ ...input, data: {} })
      .catch((error: unknown) => input.logger.error({ err: error, job: job.name }, 'job failed'))
      .finally(() => {
        running = null;
      });
  };
  turn();
  const timer = setInterval(turn, (job.everySeconds ?? 0) * 1000);
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/**
 * pg-boss on our own database connection, so PGlite (one in-process connection) and PostgreSQL
 * share one code path: `executeSql` forwards to Database.execute, which routes parameterless
 * multi-statement text through PGlite's `exec`.
 */
export async function startQueue(options: QueueOptions): Promise<Queue> {
  const { database, config, logger } = options;
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.execute(text, values) },
    // PGlite has a single connection; keep pg-boss's own maintenance light there.
    ...(database.kind === 'pglite' ? { superviseIntervalSeconds: 60 } : {}),
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();

  for (const job of options.jobs) {
    // A job on a timer runs in each working process (below): it has no queue, nothing enqueues it.
    if (job.everySeconds !== undefined) continue;
    const policy = job.policy ?? 'standard';
    await boss.createQueue(job.name, { name: job.name, policy });
    // createQueue keeps the policy a queue was first made with; a changed definition wins.
    await boss.updateQueue(job.name, { name: job.name, policy });
    if (!options.work) continue;
    await boss.work(
      job.name,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
      async (batch) => {
        for (const item of batch) {
          await job.run({ database, config, logger, data: (item.data ?? {}) as object, jobId: item.id });
        }
      },
    );
    if (job.schedule) await boss.schedule(job.name, job.schedule);
  }
  if (options.work) {
    // A job taken out of the list (e.g. the rate-limit purge) must not keep being enqueued by a
    // schedule an earlier version left in the database, with no worker to take it.
    const known = new Set(options.jobs.filter((job) => job.schedule).map((job) => job.name));
    for (const schedule of await boss.getSchedules()) {
      if (!known.has(schedule.name)) await boss.unschedule(schedule.name);
    }
  }

  // Once every queue exists, as what they run may enqueue.
  const repeating = options.work ? options.jobs.filter((job) => job.everySeconds !== undefined) : [];
  const stopRepeating = repeating.map((job) => repeatInProcess(job, { database, config, logger }));

  return {
    boss,
    send: (name, data = {}, options = {}) => boss.send(name, data, options),
    stop: async () => {
      await Promise.all(stopRepeating.map((stop) => stop()));
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
