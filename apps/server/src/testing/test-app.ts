import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { Runtime } from '../app-context';
import { loadConfig, type Config } from '../config/config';
import { buildApp, type BuildAppOptions } from '../app/build-app';
import { jobsFor } from '../app/jobs';
import { closePromptly } from '../http/close-promptly';
import { createPayments } from '../features/billing';
import { startQueue } from '../jobs/queue';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  context: Runtime;
  database: TestDatabase;
  close(): Promise<void>;
}

export function testConfig(overrides: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({
    SESSION_SECRET: 'test-secret-test-secret-test-secret-000',
    DATA_DIR: '/nonexistent-test-data-dir',
    LOG_LEVEL: 'silent',
    // No DNS in tests unless one asks for its own: a closed port refuses at once, so a large
    // merge's sending-domain check is UNCHECKED (never blocking) without waiting or leaving the machine.
    DNS_SERVERS: '127.0.0.1:1',
    ...overrides,
  });
}

/**
 * The real server (routes, plugins, error handling, queue) on a fresh database, driven through
 * `app.inject` — real HTTP semantics without a socket.
 */
export async function createTestApp(
  options: Partial<Omit<BuildAppOptions, 'context'>> & {
    env?: NodeJS.ProcessEnv;
    database?: TestDatabase;
    work?: boolean;
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = options.database ?? (await createTestDatabase());
  const payments = createPayments(config);
  const queue = await startQueue({
    database,
    config,
    logger: pino({ level: 'silent' }),
    work: options.work ?? false,
    pollingIntervalSeconds: 0.5,
    jobs: await jobsFor(config),
  });
  const context: Runtime = { config, database, queue, payments };
  const app = await buildApp({ webDistDir: null, logger: false, ...options, context });
  await app.ready();
  return {
    app,
    context,
    database,
    close: async () => {
      await closePromptly(app);
      await queue.stop();
      if (!options.database) await database.destroy();
    },
  };
}
