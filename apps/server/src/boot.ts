import { mkdirSync } from 'node:fs';
import pino from 'pino';
import type { Config } from './config/config';
import { openDatabase, type Database } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import { runMigrations } from './db/migrate';
import { logSerializers } from './http/log-redaction';

/**
 * What every long-running process (the server, the worker) does first, kept free of the HTTP app
 * so the worker's bundle does not load it.
 */

/** Stops a started process: finishes its requests and jobs, then closes the database. */
export interface Stoppable {
  stop(): Promise<void>;
}

/** The process's log for jobs and start-up: errors get the same redaction as the HTTP log's. */
export function processLogger(config: Config): pino.Logger {
  return pino({ level: config.LOG_LEVEL, serializers: { err: logSerializers.err } });
}

/**
 * Demo data fills the embedded shape on its first start (DEMO=0 turns that off); on PostgreSQL
 * it is loaded only when asked for (DEMO=1 or `npm run demo`).
 */
export function wantsDemo(config: Config): boolean {
  return config.DEMO ?? config.database.kind === 'pglite';
}

/** Loads the demo data when wanted; the demo feature is imported only then. */
export async function seedDemoIfWanted(config: Config, database: Database, logger: pino.Logger) {
  if (!wantsDemo(config)) return;
  const { seedDemo } = await import('./features/demo');
  const { seeded } = await seedDemo({ db: database.db });
  if (seeded) logger.info('demo data loaded (DEMO=0 skips it on a new data directory)');
}

/** The configured database, locked (embedded) and migrated: every process migrates on start. */
export async function openMigrated(config: Config): Promise<Database> {
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
