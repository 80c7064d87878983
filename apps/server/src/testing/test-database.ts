import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';
import { runMigrations } from '../db/migrate';

export interface TestDatabase extends Database {
  /** Drops what the test created; call in afterAll. */
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a brand-new
 * PostgreSQL database (created from DATABASE_URL, dropped afterwards) in the `integration-postgres`
 * project, so files never see each other's rows.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DATABASE !== 'postgres') {
    const database = await openDatabase({ kind: 'pglite', dir: null });
    await runMigrations(database);
    return { ...database, destroy: () => database.close() };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const name = `mb_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  await runMigrations(database);
  return {
    ...database,
    destroy: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
