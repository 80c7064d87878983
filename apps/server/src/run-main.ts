import { ConfigError, type Config } from './config/config';
import { DataDirLockedError } from './db/data-dir-lock';
import type { Stoppable } from './boot';

/**
 * Runs a process's main (dist/main.js, dist/worker.js): a configuration error or a data directory
 * in use prints its message alone; any failure exits 1.
 */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    const expected = error instanceof ConfigError || error instanceof DataDirLockedError;
    console.error(expected ? error.message : error);
    process.exit(1);
  });
}

/**
 * Starts a long-running process with SIGINT and SIGTERM handled from the start: one that arrives
 * while it starts (the sandbox's catalogue and the demo's purchases run after the server listens)
 * stops it once it has started, and answers null. A second signal exits at once.
 */
export async function runUntilSignalled<T extends Stoppable>(start: () => Promise<T>): Promise<T | null> {
  let running: T | null = null;
  let stopRequested = false;
  let signals = 0;
  const stop = (started: T) =>
    started.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  const shutdown = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) process.exit(130);
    console.warn(`\n  ${signal} received: finishing requests and jobs, then closing the database…`);
    if (running) void stop(running);
    else stopRequested = true;
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  running = await start();
  if (stopRequested) {
    void stop(running);
    return null;
  }
  return running;
}

/** The database a started process names in its greeting. */
export const databaseShape = (config: Config) =>
  config.database.kind === 'pglite' ? `PGlite in ${config.database.dir}` : 'PostgreSQL';
