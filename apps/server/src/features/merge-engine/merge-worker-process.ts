/**
 * One merge worker as a process of its own, for the crash test (production, and bench/engine.mjs,
 * run the same runMergeWorker as the merge-send job of the worker, dist/worker.js): it sends the merge
 * MERGE_ID on DATABASE_URL with the environment's configuration (SMTP_URL, MERGE_BATCH_SIZE,
 * MERGE_CONCURRENCY …) until there is nothing left it may claim, then prints one JSON line: how
 * the run ended, each batch's claim time in milliseconds, and its peak resident memory.
 */
import { loadConfig } from '../../config/config';
import { openDatabase } from '../../db/client';
import { runMergeWorker } from './merge-worker';

const mergeId = process.env.MERGE_ID;
const config = loadConfig();
if (!mergeId || config.database.kind !== 'postgres') {
  throw new Error('MERGE_ID and a PostgreSQL DATABASE_URL are required');
}
const database = await openDatabase({ kind: 'postgres', url: config.database.url, poolSize: 4 });
const claimMs: number[] = [];
const logger = {
  debug(fields: { claimMs?: number }) {
    if (fields.claimMs !== undefined) claimMs.push(fields.claimMs);
  },
};
const end = await runMergeWorker({ database, config, mergeId, logger });
await database.close();
process.stdout.write(
  `${JSON.stringify({ end, claimMs, maxRssBytes: process.resourceUsage().maxRSS * 1024 })}\n`,
);
