import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema } from '@mergeboard/core';
import { memberships, senderMonthlySent, users, workspaces } from '../../db/schema';
import { signedInAs } from '../../testing/sessions';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedDemo } from '../../embedded/demo';

describe('the current user (users/me)', () => {
  let t: TestApp;
  let headers: { authorization: string };
  let userId: string;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo({ db: t.database.db });
    ({ headers } = await signedInAs(t, 'owner@acme.example'));
    userId = (await t.database.db.select().from(users).where(eq(users.email, 'owner@acme.example')))[0]!.id;
  });
  afterAll(() => t.close());

  it('API-004 counts mail sent all time and per month since the month a year ago, from the rollup', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/users/me', headers });
    expect(res.statusCode).toBe(200);
    const me = currentUserSchema.parse(res.json());

    const rows = await t.database.db
      .select()
      .from(senderMonthlySent)
      .where(eq(senderMonthlySent.userId, userId));
    const since = new Date(Date.now() - 366 * 24 * 60 * 60 * 1000);
    const firstMonth = new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), 1))
      .toISOString()
      .slice(0, 10);
    const perMonth = new Map<string, number>();
    for (const row of rows) perMonth.set(row.month, (perMonth.get(row.month) ?? 0) + row.sent);
    const expected = [...perMonth]
      .filter(([month]) => month >= firstMonth)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([month, count]) => ({
        year: Number(month.slice(0, 4)),
        month: Number(month.slice(5, 7)),
        count,
      }));

    expect(rows.length).toBeGreaterThan(0);
    expect(me.totalNumberOfMailsSent.count).toBe(rows.reduce((sum, row) => sum + row.sent, 0));
    expect(me.monthlySentMails).toEqual(expected);
    expect(me.userWorkspaces).toBeUndefined();
  });

  it("API-004 lists the user's joined spaces by name with includeWorkspaces, not pending invitations", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/users/me?includeWorkspaces=true',
      headers,
    });
    expect(res.statusCode).toBe(200);
    const me = currentUserSchema.parse(res.json());
    const joined = await t.database.db
      .select({ name: workspaces.name })
      .from(memberships)
      .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
      .where(and(eq(memberships.userId, userId), ne(memberships.status, 'PENDING')))
      .orderBy(workspaces.name);
    expect(me.userWorkspaces?.map((space) => space.workspaceName)).toEqual(joined.map((row) => row.name));
  });
});
