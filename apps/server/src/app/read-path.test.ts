import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, scheduledMerges, users, workspaces } from '../db/schema';
import { seedDemo } from '../embedded/demo';
import { signedInAs } from '../testing/sessions';
import { createTestApp, type TestApp } from '../testing/test-app';
import { routes } from './routes';

/**
 * Exports are reads that record on purpose that they happened (an analytics event per export);
 * the authorize redirect starts a sign-in; the sending-domain check keeps what DNS answered (at most
 * once per domain in 5 minutes, 30 s when DNS was silent), which the deliverability page shows.
 * Every other GET of the route table must write nothing.
 */
const WRITING_ON_PURPOSE = new Set([
  '/api/v1/auth/authorize',
  '/api/users/me/campaigns/export',
  '/api/users/me/scheduled-campaigns/export',
  '/api/users/me/campaigns/:id/recipients/export',
  '/api/users/me/campaigns/:id/spreadsheet/export',
  '/api/users/me/scheduled-campaigns/:id/spreadsheet/export',
  '/api/users/me/workspaces/:workspaceId/unsubscriptions/export',
  '/api/users/me/workspaces/:workspaceId/bounces/export',
  '/api/v1/workspaces/:id/merges/sending-domain',
]);

/**
 * What our tables hold, as far as a write would change it: each table's row count and the newest
 * row version (xmin: an INSERT adds a row, an UPDATE writes a new version with a newer xmin, a
 * DELETE lowers the count). pg-boss's own schema is left out: its maintenance is not a request.
 */
async function tablesState(t: TestApp): Promise<Record<string, string>> {
  const { rows } = await t.database.execute(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const state: Record<string, string> = {};
  for (const { table_name: table } of rows as { table_name: string }[]) {
    const [row] = (
      await t.database.execute(
        `SELECT count(*)::text AS n, coalesce(max(xmin::text::bigint), 0)::text AS newest FROM "${table}"`,
      )
    ).rows as { n: string; newest: string }[];
    state[table] = `${row!.n} rows, newest version ${row!.newest}`;
  }
  return state;
}

describe('the read path', () => {
  let t: TestApp;
  let headers: { authorization: string };
  let paths: string[];

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    await seedDemo({ db });
    ({ headers } = await signedInAs(t, 'owner@acme.example'));
    const [owner] = await db.select().from(users).where(eq(users.email, 'owner@acme.example'));
    const [acme] = await db.select().from(workspaces).where(eq(workspaces.name, 'Acme Sales'));
    const [sent] = await db.select().from(campaigns).where(eq(campaigns.userId, owner!.id)).limit(1);
    const [scheduled] = await db
      .select()
      .from(scheduledMerges)
      .where(and(eq(scheduledMerges.userId, owner!.id)))
      .limit(1);
    const fill = (path: string) =>
      path
        .replace(':workspaceId', acme!.id)
        .replace('/workspaces/:id', `/workspaces/${acme!.id}`)
        .replace('/scheduled-campaigns/:id', `/scheduled-campaigns/${scheduled?.id ?? randomUUID()}`)
        .replace('/campaigns/:id', `/campaigns/${sent!.id}`)
        .replace(':userId', owner!.id)
        .replace(':draftId', randomUUID());
    paths = routes
      .filter((route) => route.contract.method === 'GET' && !WRITING_ON_PURPOSE.has(route.contract.path))
      .map((route) => fill(route.contract.path));
  });
  afterAll(() => t.close());

  it('can see a write: signing in changes the state', async () => {
    const before = await tablesState(t);
    await signedInAs(t, 'admin@acme.example');
    expect(await tablesState(t)).not.toEqual(before);
  });

  it('writes nothing to the database for a burst of every GET of the route table (rate limits included)', async () => {
    const before = await tablesState(t);
    const answers: Record<string, number> = {};
    for (let round = 0; round < 5; round += 1) {
      for (const url of paths) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        answers[url] = res.statusCode;
      }
    }
    expect(Object.values(answers).every((status) => status < 500)).toBe(true);
    // The hot reads really ran, rather than stopping at a gate.
    for (const hot of ['/api/v2/users/me', '/api/users/me/campaigns', '/api/users/me/scheduled-campaigns']) {
      expect(answers[hot]).toBe(200);
    }
    expect(Object.entries(answers).filter(([url]) => url.endsWith('/unsubscriptions'))).toEqual([
      [expect.any(String), 200],
    ]);
    expect(await tablesState(t)).toEqual(before);
  });
});
