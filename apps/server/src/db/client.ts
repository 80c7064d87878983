import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type every query module takes; both drivers implement it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface SqlResult {
  rows: Record<string, unknown>[];
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Raw SQL for infrastructure (pg-boss, rate-limit store, health). Text without parameters may
   * hold several statements: PGlite runs those through `exec` (simple protocol), since its
   * `query` uses the extended protocol, which takes one statement only.
   */
  execute(text: string, values?: unknown[]): Promise<SqlResult>;
  /** Runs `fn` while holding a cluster-wide lock, so concurrent processes take turns. */
  withAdvisoryLock<T>(lockId: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; dir: string | null };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    return {
      kind: 'postgres',
      db: drizzlePg(pool, { schema }),
      execute: async (text, values) => {
        const result = await pool.query(text, values);
        // A multi-statement text answers an array of results; the last one is what callers want.
        const last = Array.isArray(result) ? result.at(-1) : result;
        return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
      },
      withAdvisoryLock: async (lockId, fn) => {
        // Session-level lock: lock and unlock must run on the same connection.
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [lockId]);
          try {
            return await fn();
          } finally {
            await client.query('SELECT pg_advisory_unlock($1)', [lockId]);
          }
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create({
    ...(target.dir ? { dataDir: target.dir } : {}),
    extensions: { pg_trgm },
  });
  return {
    kind: 'pglite',
    db: drizzlePglite(client, { schema }),
    execute: async (text, values) => {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    // One process owns a PGlite directory, so there is nobody to take turns with.
    withAdvisoryLock: (_lockId, fn) => fn(),
    close: () => client.close(),
  };
}
