import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config';
import type { Database } from '../db/client';

/** A background job: idempotent, because pg-boss delivers at least once. */
export interface JobDefinition<Data extends object = object> {
  name: string;
  /** Cron expression (UTC) when the job also runs on a schedule. */
  schedule?: string;
  /**
   * Runs in every working process, at start and then this often, in process rather than through
   * the queue (whose cron ticks by the minute): for a sweep that must follow more closely. Several
   * processes run it at once, so it must be safe to.
   */
  everySeconds?: number;
  /**
   * pg-boss's queue policy. `stately`: per singleton key, at most one job waits and one runs; a
   * convergent job (it reads the current state when it runs) needs no second waiting copy, and
   * the queue does not pile up one job per event. Standard otherwise.
   */
  policy?: 'standard' | 'stately';
  run(input: {
    database: Database;
    config: Config;
    data: Data;
    /** The pg-boss job being run (absent when run in process or by a test). */
    jobId?: string;
    /** The worker's logger, for jobs whose findings are a report (absent when a test runs one). */
    logger?: FastifyBaseLogger;
  }): Promise<void>;
}

export function defineJob<Data extends object>(job: JobDefinition<Data>): JobDefinition<Data> {
  return job;
}
