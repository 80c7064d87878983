import { jobsFor } from './app/jobs';
import { openMigrated, processLogger, type Stoppable } from './boot';
import type { Config } from './config/config';
import { seedDemoIfWanted } from './embedded-door';
import { startQueue } from './jobs/queue';
import { databaseShape, runUntilSignalled } from './run-main';

/**
 * ROLE=worker: the job queue running every job of app/jobs.ts, and nothing of the HTTP app (its
 * routes, OpenAPI tooling and the packages only they use are never loaded; see build.mjs).
 */
export async function startWorker(config: Config): Promise<Stoppable> {
  const logger = processLogger(config);
  const database = await openMigrated(config);
  await seedDemoIfWanted(config, database, logger);
  const queue = await startQueue({ database, config, logger, work: true, jobs: await jobsFor(config) });
  // imapflow loads only where a bounce mailbox is configured.
  const bounceMailbox = config.inboundImap
    ? (await import('./features/inbound/imap-inbound')).readBounceMailbox(config.inboundImap, {
        database,
        config,
        logger,
      })
    : null;
  let stopping: Promise<void> | null = null;
  const stop = () => {
    // Let running jobs and the message in hand end, then close the database.
    stopping ??= Promise.all([queue.stop(), bounceMailbox?.stop()]).then(() => database.close());
    return stopping;
  };
  return { stop };
}

/** The worker process until a signal stops it (dist/worker.js, or dist/main.js with ROLE=worker). */
export async function runWorker(config: Config): Promise<void> {
  const worker = await runUntilSignalled(() => startWorker(config));
  if (worker)
    console.warn(`\n  ${config.PRODUCT_NAME} worker is running (database: ${databaseShape(config)})\n`);
}
