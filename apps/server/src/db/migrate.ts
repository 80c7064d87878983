import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database, Schema } from './client';

/** Any number so that concurrent starts of several processes migrate one at a time. */
const MIGRATION_LOCK_ID = 727_001;

/** The migrations folder sits next to src/ and dist/ alike; walk up from this file to find it. */
function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i += 1) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Cannot find the drizzle migrations folder');
}

export async function runMigrations(database: Database): Promise<void> {
  const folder = migrationsFolder();
  if (database.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as PgliteDatabase<Schema>, { migrationsFolder: folder });
    return;
  }
  await database.withAdvisoryLock(MIGRATION_LOCK_ID, () =>
    migratePg(database.db as NodePgDatabase<Schema>, { migrationsFolder: folder }),
  );
}
