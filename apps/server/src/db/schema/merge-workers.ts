import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * The merge workers running now, each renewing its row while it runs (its heartbeat): a row that
 * has not been renewed within the claim lease belongs to a dead worker, whose claimed rows become
 * UNKNOWN and whose job is given to another worker. A worker removes its row when it ends.
 */
export const mergeWorkers = pgTable('merge_workers', {
  /** The worker's name, as its claimed rows carry it (campaign_recipients.claimed_by). */
  id: text('id').primaryKey(),
  /** The pg-boss merge-send job it runs, if a job started it. */
  jobId: uuid('job_id'),
  seenAt: timestamptz('seen_at').notNull().defaultNow(),
});
