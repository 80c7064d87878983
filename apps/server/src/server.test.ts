import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from './config/config';
import { openDatabase } from './db/client';
import { startServer } from './server';
import { createEmptyPostgresDatabase, testingPostgres } from './testing/test-database';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** The configuration `npm start` would build, on a new data directory (or a new PostgreSQL database). */
async function freshConfig(env: NodeJS.ProcessEnv = {}): Promise<Config> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mb-start-'));
  const base: NodeJS.ProcessEnv = {
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    ...env,
  };
  if (testingPostgres()) {
    const empty = await createEmptyPostgresDatabase();
    cleanups.push(empty.drop);
    // On PostgreSQL demo data is opt-in, so ask for it the way an operator would.
    return loadConfig({ DEMO: '1', ...base, DATABASE_URL: empty.url });
  }
  return loadConfig(base);
}

async function queryRows(
  config: Config,
  text: string,
  params: unknown[] = [],
): Promise<Record<string, unknown>[]> {
  const database = await openDatabase(config.database);
  try {
    return (await database.execute(text, params)).rows;
  } finally {
    await database.close();
  }
}

async function countRows(config: Config, table: string): Promise<number> {
  const [row] = await queryRows(config, `SELECT count(*)::int AS n FROM ${table}`);
  return Number(row?.n);
}

/**
 * A demo space's live subscription: our row's provider id, and the sandbox's subscription of that
 * id (status, seats, interval); the space's billing model and the seats assigned in our rows.
 */
async function demoSubscription(config: Config, spaceName: string) {
  const [row] = await queryRows(
    config,
    `SELECT s.provider_subscription_id AS "providerId", o.data->>'status' AS "sandboxStatus",
            (o.data->'items'->'data'->0->>'quantity')::int AS "sandboxSeats",
            o.data->'items'->'data'->0->'price'->'recurring'->>'interval' AS "sandboxInterval",
            w.is_per_seat AS "isPerSeat", p.assigned_seats AS "assignedSeats"
       FROM subscriptions s
       JOIN workspaces w ON w.id = s.workspace_id
       JOIN subscription_payment_plans p ON p.subscription_id = s.id
       LEFT JOIN sandbox_stripe_objects o ON o.id = s.provider_subscription_id
      WHERE w.name = $1 AND s.status = 'ACTIVE'`,
    [spaceName],
  );
  return row;
}

// Each test starts whole servers: migrations on a fresh database, then the payment sandbox's
// catalogue (some forty calls through the SDK). On a busy two-core machine that alone has taken
// over 30 s, so these tests get more room than the suite's default; a hang still fails.
describe('starting the server the way npm start does', { timeout: 120_000 }, () => {
  it('migrates, loads the demo once, answers over HTTP and keeps its data across a restart', async () => {
    const config = await freshConfig();
    const first = await startServer(config);
    const health = await fetch(`${first.url}/healthz`);
    expect(health.status).toBe(200);
    await first.stop();
    const users = await countRows(config, 'users');
    const campaigns = await countRows(config, 'campaigns');
    expect(users).toBeGreaterThanOrEqual(12);
    expect(campaigns).toBeGreaterThanOrEqual(60);
    // The demo's Stripe subscriptions were bought in the payment sandbox: Acme Sales' 15 per-seat
    // seats, and Acme Europe's yearly Premium of 5 places, which stays on the older flow.
    const acme = await demoSubscription(config, 'Acme Sales');
    expect(acme).toMatchObject({
      providerId: expect.not.stringMatching(/^sub_demo_/),
      sandboxStatus: 'active',
      sandboxSeats: 15,
      sandboxInterval: 'year',
      isPerSeat: true,
    });
    const europe = await demoSubscription(config, 'Acme Europe');
    expect(europe).toEqual({
      providerId: expect.not.stringMatching(/^sub_demo_/),
      sandboxStatus: 'active',
      sandboxSeats: 5,
      sandboxInterval: 'year',
      isPerSeat: false,
      assignedSeats: 4,
    });

    const second = await startServer(config);
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    await second.stop();
    expect(await countRows(config, 'users')).toBe(users);
    expect(await countRows(config, 'campaigns')).toBe(campaigns);
    expect(await demoSubscription(config, 'Acme Sales')).toEqual(acme);
    expect(await demoSubscription(config, 'Acme Europe')).toEqual(europe);
  });

  it('starts empty with DEMO=0', async () => {
    const config = await freshConfig({ DEMO: '0' });
    const server = await startServer(config);
    await server.stop();
    expect(await countRows(config, 'users')).toBe(0);
  });

  it('one data directory takes one embedded process; PostgreSQL takes several (scaled out)', async () => {
    const config = await freshConfig({ DEMO: '0' });
    const first = await startServer(config);
    try {
      if (testingPostgres()) {
        const second = await startServer(config);
        expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
        await second.stop();
      } else {
        await expect(startServer(config)).rejects.toThrow(/Another Mergeboard process \(pid \d+\) is using/);
      }
    } finally {
      await first.stop();
    }
    // Once the first has stopped, the directory (or database) is free again.
    const again = await startServer(config);
    await again.stop();
  });

  it('stops gracefully: the port is released and stop can be called twice', async () => {
    const config = await freshConfig({ DEMO: '0' });
    const server = await startServer(config);
    const url = server.url!;
    await Promise.all([server.stop(), server.stop()]);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });

  it('upgrades an install made before the stage set moved apart (issue 22): its sandbox subscriptions, sign-in state and demo people stay', async () => {
    const config = await freshConfig();
    const made = await startServer(config);
    await made.stop();
    // Back to the layout an install made before the move has: the sandbox's and the issuer's
    // tables from the product's own migrations (0001, 0009), 0018 and the parts' chains not yet
    // applied. Same tables, same rows: only the migrations' bookkeeping differs. The migrations
    // after 0018 stay applied (their columns are here already), so the migrator, which runs only
    // what comes after the last migration applied, would not run 0018 again: it is applied below
    // as the migrator applies a file, statement by statement, before the upgraded server starts.
    const migrations = path.resolve(fileURLToPath(import.meta.url), '../../drizzle');
    const journal = JSON.parse(readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string; when: number }[];
    };
    const apart = journal.entries.find((entry) => entry.tag === '0018_embedded_tables_apart')!;
    const undone = await queryRows(
      config,
      'DELETE FROM drizzle.__drizzle_migrations WHERE created_at = $1::bigint RETURNING id, hash',
      [String(apart.when)],
    );
    expect(undone).toHaveLength(1);
    await queryRows(
      config,
      'DROP TABLE drizzle.__drizzle_migrations_stripe_sandbox, drizzle.__drizzle_migrations_local_issuer',
    );
    await queryRows(
      config,
      `INSERT INTO oidc_payloads (model, id, payload) VALUES ('Session', 'before-the-move', '{"accountId":"a"}')`,
    );
    const users = await countRows(config, 'users');
    const sandboxObjects = await countRows(config, 'sandbox_stripe_objects');
    const acme = await demoSubscription(config, 'Acme Sales');
    expect(acme).toMatchObject({ sandboxStatus: 'active', sandboxSeats: 15 });

    const statements = readFileSync(path.join(migrations, `${apart.tag}.sql`), 'utf8').split(
      '--> statement-breakpoint',
    );
    for (const statement of statements) await queryRows(config, statement);
    await queryRows(
      config,
      'INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2::bigint)',
      [undone[0]!.hash, String(apart.when)],
    );
    const upgraded = await startServer(config);
    expect((await fetch(`${upgraded.url}/healthz`)).status).toBe(200);
    await upgraded.stop();

    expect(await countRows(config, 'users')).toBe(users);
    expect(await countRows(config, 'sandbox_stripe_objects')).toBe(sandboxObjects);
    expect(await demoSubscription(config, 'Acme Sales')).toEqual(acme);
    expect(await queryRows(config, `SELECT id FROM oidc_payloads WHERE id = 'before-the-move'`)).toHaveLength(
      1,
    );
    // The parts' chains ran at the upgraded server's start, over the tables 0018 kept.
    const applied = await queryRows(
      config,
      `SELECT (SELECT count(*)::int FROM drizzle.__drizzle_migrations_stripe_sandbox) AS sandbox,
              (SELECT count(*)::int FROM drizzle.__drizzle_migrations_local_issuer) AS issuer`,
    );
    expect(applied).toEqual([{ sandbox: 1, issuer: 1 }]);
  });
});
