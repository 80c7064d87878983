import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database, Schema } from './client';

/** Any number so that concurrent starts of several processes migrate one at a time. */
const MIGRATION_LOCK_ID = 727_001;

/**
 * The stand-ins of the embedded shape (src/embedded) keep their tables in chains of their own,
 * applied only by a process that runs them: a production database never gets a sandbox table.
 */
export const EMBEDDED_CHAINS = ['stripe-sandbox', 'local-issuer'] as const;
export type EmbeddedChain = (typeof EMBEDDED_CHAINS)[number];

interface Chain {
  /** Below apps/server: `drizzle` (the product's) or `drizzle-embedded/<part>`. */
  folder: string;
  /** Each chain records what it applied in its own table of the `drizzle` schema. */
  table: string;
}

const PRODUCT_CHAIN: Chain = { folder: 'drizzle', table: '__drizzle_migrations' };
const embeddedChain = (part: EmbeddedChain): Chain => ({
  folder: path.join('drizzle-embedded', part),
  table: `__drizzle_migrations_${part.replaceAll('-', '_')}`,
});

/** Migration folders sit next to src/ and dist/ alike; walk up from this file to find one. */
function migrationsFolder(folder: string): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i += 1) {
    const candidate = path.join(dir, folder);
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error(`Cannot find the migrations folder ${folder}`);
}

/** The product's migrations, then those of the embedded parts this process runs. */
export async function runMigrations(database: Database, parts: readonly EmbeddedChain[]): Promise<void> {
  const chains = [PRODUCT_CHAIN, ...parts.map(embeddedChain)].map((chain) => ({
    migrationsFolder: migrationsFolder(chain.folder),
    migrationsTable: chain.table,
  }));
  if (database.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    for (const chain of chains) await migratePglite(database.db as PgliteDatabase<Schema>, chain);
    return;
  }
  await database.withAdvisoryLock(MIGRATION_LOCK_ID, async () => {
    for (const chain of chains) await migratePg(database.db as NodePgDatabase<Schema>, chain);
  });
}
