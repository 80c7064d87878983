import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';
import { EMBEDDED_CHAINS, runMigrations } from '../db/migrate';

export interface TestDatabase extends Database {
  /** Drops what the test created; call in afterAll. */
  destroy(): Promise<void>;
}

export const testingPostgres = () => process.env.TEST_DATABASE === 'postgres';

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A brand-new, empty PostgreSQL database next to DATABASE_URL's, and a way to drop it. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const name = `mb_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A fresh database for one test file, migrated with every chain (tests run the embedded parts too): in-memory PGlite by default, or a brand-new
 * PostgreSQL database in the `integration-postgres` project, so files never see each other's rows.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!testingPostgres()) {
    const database = await openDatabase({ kind: 'pglite', dir: null });
    await runMigrations(database, EMBEDDED_CHAINS);
    return { ...database, destroy: () => database.close() };
  }
  const empty = await createEmptyPostgresDatabase();
  const database = await openDatabase({ kind: 'postgres', url: empty.url, poolSize: 5 });
  await runMigrations(database, EMBEDDED_CHAINS);
  return {
    ...database,
    destroy: async () => {
      await database.close();
      await empty.drop();
    },
  };
}
