import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type every query module takes; both drivers implement it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a `db.transaction` callback receives. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface SqlResult {
  rows: Record<string, unknown>[];
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Raw SQL for infrastructure (pg-boss, rate-limit store, health). Text without parameters may
   * hold several statements: PGlite runs those through `exec` (simple protocol), since its
   * `query` uses the extended protocol, which takes one statement only. A `name` makes it a
   * prepared statement on PostgreSQL (parsed and planned once per connection), for statements
   * sent on every request of a hot path (the tracking hits); PGlite ignores it.
   */
  execute(text: string, values?: unknown[], name?: string): Promise<SqlResult>;
  /** Runs `fn` while holding a cluster-wide lock, so concurrent processes take turns. */
  withAdvisoryLock<T>(lockId: number, fn: () => Promise<T>): Promise<T>;
  /**
   * PostgreSQL only: the rows of `query.text` as CSV from `COPY (query) TO STDOUT`, the fastest
   * way rows leave the server (it formats and quotes them itself, and streams). COPY takes no
   * bind parameters, so the text is complete SQL with our own values inlined by drizzle
   * (`inlineParams`; it runs with standard_conforming_strings on). Text a caller typed goes in
   * `query.settings` instead: each is bound with `set_config(name, $1, true)` in the COPY's
   * transaction and read back in the text with `current_setting(name)`.
   */
  copyCsv?(query: CopyQuery): Readable;
  close(): Promise<void>;
}

export interface CopyQuery {
  text: string;
  /** Transaction-local settings (`prefix.name` → value), bound before the COPY runs. */
  settings: Readonly<Record<string, string>>;
}

function copyCsvFrom(pool: pg.Pool, query: CopyQuery): Readable {
  const out = new PassThrough();
  void (async () => {
    let client: pg.PoolClient | undefined;
    try {
      client = await pool.connect();
      await client.query('BEGIN READ ONLY; SET LOCAL standard_conforming_strings = on');
      for (const [name, value] of Object.entries(query.settings)) {
        await client.query('SELECT set_config($1, $2, true)', [name, value]);
      }
      // If the reader goes away (client aborted), the pipeline destroys the COPY stream and throws.
      await pipeline(client.query(copyTo(`COPY (${query.text}) TO STDOUT WITH (FORMAT csv)`)), out);
      await client.query('COMMIT');
      client.release();
    } catch (error) {
      // A COPY cut short leaves the connection mid-protocol: destroy it rather than reuse it.
      client?.release(error as Error);
      out.destroy(error as Error);
    }
  })();
  return out;
}

type DatabaseTarget =
  { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; dir: string | null };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      // The dashboard's queries are short; JIT compiling one costs more than it saves (measured:
      // ~10 ms on the team report at 20,000 campaigns). An `options` in DATABASE_URL still wins.
      options: '-c jit=off',
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    return {
      kind: 'postgres',
      db: drizzlePg(pool, { schema }),
      execute: async (text, values, name) => {
        const result = name ? await pool.query({ name, text, values }) : await pool.query(text, values);
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
      copyCsv: (query) => copyCsvFrom(pool, query),
      close: () => pool.end(),
    };
  }
  // PGlite loads only for the embedded shape: a process on PostgreSQL never carries it.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
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
