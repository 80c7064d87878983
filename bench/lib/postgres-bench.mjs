// How the benches of the API on a loaded PostgreSQL database (work-areas, deliverability) run:
// the built server with the demo data on a throwaway database, and a client of that database to
// load it. BENCH_ADMIN_URL names the server (see load-settings); BENCH_KEEP_DATABASE=1 keeps it.
import path from 'node:path';
import { root } from '../../scripts/lib/build.mjs';
import { startBuiltServer } from './built-server.mjs';
import { adminUrl } from './load-settings.mjs';
import { connect, throwawayDatabase } from './processes.mjs';

/**
 * Runs `bench({ baseUrl, db, database, startedAt })` (`startedAt`: just before the server was
 * started), then stops the server and drops the database. Without PostgreSQL it is skipped (said
 * why); a failure is printed, not thrown: a benchmark reports, it does not fail the run.
 */
export async function benchOnPostgres(name, bench) {
  try {
    const database = await throwawayDatabase(adminUrl, name);
    if (!database) return;
    let server;
    let db;
    try {
      const startedAt = performance.now();
      server = await startBuiltServer(path.join(root, 'apps/server/dist/main.js'), {
        env: { DATABASE_URL: database.url, ACCESS_TOKEN_TTL_SECONDS: '86400' },
        stdout: 'inherit',
      });
      db = await connect(database.url);
      await bench({ baseUrl: server.baseUrl, db, database, startedAt });
    } finally {
      await db?.end().catch(() => {});
      await server?.stop();
      await database.drop({ keep: process.env.BENCH_KEEP_DATABASE === '1' });
    }
  } catch (error) {
    console.error(`${name}: could not finish: ${error.stack ?? error}`);
  }
}
