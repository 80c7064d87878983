import { mkdirSync } from 'node:fs';
import pino from 'pino';
import type { Config } from './config/config';
import { openDatabase, type Database } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import { runMigrations } from './db/migrate';
import { embeddedChainsFor } from './embedded-door';
import { logSerializers } from './http/log-redaction';
import { logOptions } from './log-options';

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
  const { level, stream } = logOptions(config);
  return pino({ level, serializers: { err: logSerializers.err } }, stream);
}

/**
 * The configured database, locked (embedded) and migrated: every process migrates on start, the
 * product's chain and those of the embedded parts its configuration runs.
 */
export async function openMigrated(config: Config): Promise<Database> {
  let unlock = () => {};
  if (config.database.kind === 'pglite' && config.database.dir) {
    mkdirSync(config.database.dir, { recursive: true });
    unlock = lockDataDir(config.dataDir);
  }
  try {
    const database = await openDatabase(config.database);
    await runMigrations(database, embeddedChainsFor(config));
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
