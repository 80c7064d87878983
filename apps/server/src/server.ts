import { mkdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { Runtime } from './app-context';
import { loadConfig, type Config } from './config/config';
import { openDatabase, type Database } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import { runMigrations } from './db/migrate';
import { setUpCatalogue, type CatalogueResult } from './features/billing';
import { provisionDemoPurchases, seedDemo } from './features/demo';
import { createPayments } from './features/payments';
import { buildApp } from './app/build-app';
import { jobs } from './app/jobs';
import { startQueue, type Queue } from './jobs/queue';
import { logSerializers } from './http/log-redaction';

export interface RunningServer {
  app: FastifyInstance | null;
  url: string | null;
  stop(): Promise<void>;
}

/**
 * Demo data fills the embedded shape on its first start (DEMO=0 turns that off); on PostgreSQL
 * it is loaded only when asked for (DEMO=1 or `npm run demo`).
 */
function wantsDemo(config: Config): boolean {
  return config.DEMO ?? config.database.kind === 'pglite';
}

async function openMigrated(config: Config): Promise<Database> {
  let unlock = () => {};
  if (config.database.kind === 'pglite' && config.database.dir) {
    mkdirSync(config.database.dir, { recursive: true });
    unlock = lockDataDir(config.dataDir);
  }
  try {
    const database = await openDatabase(config.database);
    await runMigrations(database);
    return {
      ...database,
      close: async () => {
        await database.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** `npm run demo`: load the demo dataset into the configured database and exit. */
export async function loadDemo(config: Config = loadConfig()): Promise<boolean> {
  const database = await openMigrated(config);
  try {
    const { seeded } = await seedDemo({ db: database.db });
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
  await provisionDemoPurchases({
    db: database.db,
    stripe: payments.stripe,
    provider: payments.provider,
    publicUrl: options.url,
  }).catch((error: unknown) =>
    logger.error({ err: error }, 'the demo subscriptions could not be bought in the payment sandbox'),
  );
}

export async function startServer(config: Config = loadConfig()): Promise<RunningServer> {
  // Jobs log their failures here: errors get the same redaction as the HTTP log's.
  const logger = pino({ level: config.LOG_LEVEL, serializers: { err: logSerializers.err } });
  const database = await openMigrated(config);
  if (wantsDemo(config)) {
    const { seeded } = await seedDemo({ db: database.db });
    if (seeded) logger.info('demo data loaded (DEMO=0 skips it on a new data directory)');
  }
  const payments = createPayments(config);
  const queue: Queue = await startQueue({ database, config, logger, work: config.ROLE !== 'web', jobs });
  const context: Runtime = { config, database, queue, payments };

  let app: FastifyInstance | null = null;
  let url: string | null = null;
  if (config.ROLE !== 'worker') {
    app = await buildApp({ context });
    await app.listen({ port: config.PORT, host: config.HOST });
    url = config.PUBLIC_URL ?? `http://localhost:${(app.server.address() as { port: number }).port}`;
    // The sandbox lives in this process: it can only sell once its catalogue exists.
    if (config.payments.provider === 'sandbox') {
      await setUpSandbox({ config, database, payments, url, logger });
    }
  }

  let stopping: Promise<void> | null = null;
  const stop = () => {
    // Finish in-flight requests, then let running jobs end, then close the database.
    stopping ??= (async () => {
      if (app) await app.close();
      await queue.stop();
      await database.close();
    })();
    return stopping;
  };
  return { app, url, stop };
}
