import type { FastifyInstance } from 'fastify';
import type pino from 'pino';
import type { Runtime } from './app-context';
import { openMigrated, processLogger, type Stoppable } from './boot';
import { loadConfig, type Config } from './config/config';
import type { Database } from './db/client';
import { buyDemoPurchases, seedDemoData, seedDemoIfWanted, wantsDemo } from './embedded-door';
import { setUpCatalogue, type CatalogueResult } from './features/billing';
import { createPayments } from './features/billing';
import { buildApp } from './app/build-app';
import { closePromptly } from './http/close-promptly';
import { jobsFor } from './app/jobs';
import { startQueue, type Queue } from './jobs/queue';
import { startWorker } from './worker';

interface RunningServer extends Stoppable {
  app: FastifyInstance | null;
  url: string | null;
}

/** `npm run demo`: load the demo dataset into the configured database and exit. */
export async function loadDemo(config: Config = loadConfig()): Promise<boolean> {
  const database = await openMigrated(config);
  try {
    const { seeded } = await seedDemoData(database);
    return seeded;
  } finally {
    await database.close();
  }
}

/**
 * `npm run stripe:setup`: the products, prices and coupons checkout sells, created in the
 * configured Stripe account (or the sandbox) when missing; our payment plans then name them.
 */
export async function setUpStripe(config: Config = loadConfig()): Promise<CatalogueResult> {
  const database = await openMigrated(config);
  try {
    return await setUpCatalogue(createPayments(config).stripe, database.db);
  } finally {
    await database.close();
  }
}

/**
 * The sandbox's catalogue, then (with the demo) the demo's per-seat subscriptions bought in it.
 * Either failing leaves the app running: checkout, or the demo's billing, then fails visibly.
 */
async function setUpSandbox(options: {
  config: Config;
  database: Database;
  payments: Runtime['payments'];
  url: string;
  logger: pino.Logger;
}): Promise<void> {
  const { config, database, payments, logger } = options;
  try {
    await setUpCatalogue(payments.stripe, database.db);
  } catch (error) {
    logger.error({ err: error }, 'the payment sandbox catalogue could not be set up; checkout will fail');
    return;
  }
  if (!wantsDemo(config)) return;
  await buyDemoPurchases({ database, payments, publicUrl: options.url }).catch((error: unknown) =>
    logger.error({ err: error }, 'the demo subscriptions could not be bought in the payment sandbox'),
  );
}

/**
 * The server of ROLE=all (HTTP and jobs) or ROLE=web (HTTP, enqueuing only); ROLE=worker is the
 * worker alone (worker.ts).
 */
export async function startServer(config: Config = loadConfig()): Promise<RunningServer> {
  if (config.ROLE === 'worker') return { app: null, url: null, ...(await startWorker(config)) };
  const logger = processLogger(config);
  const database = await openMigrated(config);
  await seedDemoIfWanted(config, database, logger);
  const payments = createPayments(config);
  const queue: Queue = await startQueue({
    database,
    config,
    logger,
    work: config.ROLE !== 'web',
    jobs: await jobsFor(config),
  });
  const context: Runtime = { config, database, queue, payments };

  const app = await buildApp({ context });
  await app.listen({ port: config.PORT, host: config.HOST });
  const url = config.PUBLIC_URL ?? `http://localhost:${(app.server.address() as { port: number }).port}`;
  // The sandbox lives in this process: it can only sell once its catalogue exists.
  if (config.payments.provider === 'sandbox') {
    await setUpSandbox({ config, database, payments, url, logger });
  }

  let stopping: Promise<void> | null = null;
  const stop = () => {
    // Finish in-flight requests, then let running jobs end, then close the database.
    stopping ??= (async () => {
      await closePromptly(app);
      await queue.stop();
      await database.close();
    })();
    return stopping;
  };
  return { app, url, stop };
}
