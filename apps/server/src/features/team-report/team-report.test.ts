import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorBodySchema,
  getTeamReportSummary,
  listTeamReportMembers,
  type TeamMember,
} from '@mergeboard/core';
import { memberships, users, workspaces } from '../../db/schema';
import { signedInAs } from '../../testing/sessions';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedDemo } from '../../embedded/demo';
import { utcMonthOf } from './team-report-queries';

type Caller = { headers: { authorization: string } };

describe('team report', () => {
  let t: TestApp;
  let acmeId: string;
  const as: Record<string, Caller> = {};

  const get = (caller: Caller, url: string) => t.app.inject({ method: 'GET', url, headers: caller.headers });
  const membersUrl = (query = '') => `/api/v1/workspaces/${acmeId}/team-report/members${query}`;

  /** The expectation, counted independently from the recipient rows (not from the campaign counters). */
  async function expectedPerUser(includeForms = false) {
    const { start, end } = utcMonthOf(new Date());
    const result = await t.database.execute(
      `select c.user_id,
              count(r.sent_at)::int as all_time,
              (count(*) filter (where r.sent_at >= $2 and r.sent_at < $3))::int as this_month
         from campaigns c join campaign_recipients r on r.campaign_id = c.id
        where c.workspace_id = $1 and ($4::boolean or not c.is_form_notification)
        group by c.user_id`,
      [acmeId, start.toISOString(), end.toISOString(), includeForms],
    );
    const last = await t.database.execute(
      `select user_id, max(last_email_sent_at) as last_sent from campaigns
        where workspace_id = $1 and not is_form_notification group by user_id`,
      [acmeId],
    );
    const lastByUser = new Map(
      last.rows.map((row) => [String(row.user_id), new Date(String(row.last_sent))]),
    );
    return new Map(
      result.rows.map((row) => [
        String(row.user_id),
        {
          allTime: Number(row.all_time),
          thisMonth: Number(row.this_month),
          last: lastByUser.get(String(row.user_id))!.getTime(),
        },
      ]),
    );
  }

  async function allMembers(caller: Caller, query = ''): Promise<TeamMember[]> {
    const res = await get(caller, membersUrl(`?limit=100${query}`));
    expect(res.statusCode).toBe(200);
    return listTeamReportMembers.response.parse(res.json()).items;
  }

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo({ db: t.database.db });
    const [acme] = await t.database.db.select().from(workspaces).where(eq(workspaces.name, 'Acme Sales'));
    acmeId = acme!.id;
    for (const [key, email] of Object.entries({
      owner: 'owner@acme.example',
      admin: 'admin@acme.example',
      member: 'member@acme.example',
      nonMember: 'pat@gmail.com',
    })) {
      as[key] = await signedInAs(t, email);
    }
  });
  afterAll(() => t.close());

  it('API-059 TEAM-003: the summary counts the seeded recipient rows, form notifications excluded', async () => {
    const res = await get(as.owner!, `/api/v1/workspaces/${acmeId}/team-report/summary`);
    expect(res.statusCode).toBe(200);
    const summary = getTeamReportSummary.response.parse(res.json());
    const expected = [...(await expectedPerUser()).values()];
    const withForms = [...(await expectedPerUser(true)).values()];
    const sum = (rows: { allTime: number; thisMonth: number }[], key: 'allTime' | 'thisMonth') =>
      rows.reduce((total, row) => total + row[key], 0);
    const members = await t.database.execute(
      `select count(*)::int as n from memberships where workspace_id = $1 and status in ('ACTIVE', 'LEGACY')`,
      [acmeId],
    );
    expect(summary).toEqual({
      activeUserCount: Number(members.rows[0]!.n),
      emailSentAllTime: sum(expected, 'allTime'),
      emailSentThisMonth: sum(expected, 'thisMonth'),
    });
    expect(summary.emailSentAllTime).toBeGreaterThan(0);
    // The demo's form notifications went out within the last 20 days: leaving them out matters.
    expect(sum(withForms, 'allTime')).toBeGreaterThan(summary.emailSentAllTime);
  });

  it('API-058 TEAM-004: each member row matches the recipient rows of their campaigns, forms excluded', async () => {
    const expected = await expectedPerUser();
    const items = await allMembers(as.owner!);
    expect(items.length).toBeGreaterThan(5);
    for (const item of items) {
      const want = expected.get(item.userId);
      expect({ id: item.userId, ...pick(item) }).toEqual({
        id: item.userId,
        emailSentAllTime: want?.allTime ?? 0,
        emailSentThisMonth: want?.thisMonth ?? 0,
        lastEmailSentTimestamp: want?.last ?? null,
      });
    }
    const olivia = items.find((item) => item.userEmail === 'owner@acme.example');
    expect(olivia).toMatchObject({ userName: 'Olivia Bennett' });
    expect(olivia).toHaveProperty('userProfilePictureUrl');
  });

  it('TEAM-005 API-058: only ACTIVE and LEGACY members are listed; memberStatus filters them', async () => {
    const rows = await t.database.db
      .select({ email: users.email, status: memberships.status })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.workspaceId, acmeId));
    const listed = (await allMembers(as.owner!)).map((item) => item.userEmail).sort();
    expect(listed).toEqual(
      rows
        .filter((row) => row.status === 'ACTIVE' || row.status === 'LEGACY')
        .map((row) => row.email)
        .sort(),
    );
    expect(listed).not.toContain('diego.alvarez@acme.example'); // PENDING
    expect(listed).not.toContain('noah.fischer@acme.example'); // DISABLED

    const priya = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'priya.natarajan@acme.example'));
    const mine = and(eq(memberships.workspaceId, acmeId), eq(memberships.userId, priya[0]!.id));
    await t.database.db.update(memberships).set({ status: 'LEGACY' }).where(mine);
    try {
      const legacy = await allMembers(as.owner!, '&filterBy=memberStatus:LEGACY');
      expect(legacy.map((item) => item.userEmail)).toEqual(['priya.natarajan@acme.example']);
      const active = await allMembers(as.owner!, '&filterBy=memberStatus:ACTIVE');
      expect(active.map((item) => item.userEmail)).not.toContain('priya.natarajan@acme.example');
      expect((await allMembers(as.owner!)).map((item) => item.userEmail)).toContain(
        'priya.natarajan@acme.example',
      );
    } finally {
      await t.database.db.update(memberships).set({ status: 'ACTIVE' }).where(mine);
    }
    const bad = await get(as.owner!, membersUrl('?filterBy=memberStatus:PENDING'));
    expect(bad.statusCode).toBe(400);
  });

  it('API-058: pages of 25 by default, limit at most 100, sort and search', async () => {
    const all = await allMembers(as.owner!);
    const first = listTeamReportMembers.response.parse((await get(as.owner!, membersUrl())).json());
    expect(first.total).toBe(all.length);
    expect(first.items.length).toBe(Math.min(25, all.length));

    const page = (offset: number) =>
      get(as.owner!, membersUrl(`?limit=3&limitOffset=${offset}&sortBy=emailSentAllTime:desc`)).then((res) =>
        listTeamReportMembers.response.parse(res.json()),
      );
    const [p0, p1] = await Promise.all([page(0), page(3)]);
    expect(p0.total).toBe(all.length);
    const sortedDesc = [...all].sort(
      (a, b) => b.emailSentAllTime - a.emailSentAllTime || a.userEmail.localeCompare(b.userEmail),
    );
    expect([...p0.items, ...p1.items].map((item) => item.emailSentAllTime)).toEqual(
      sortedDesc.slice(0, 6).map((item) => item.emailSentAllTime),
    );
    const beyond = await page(1000);
    expect(beyond).toEqual({ items: [], total: all.length });

    const byMonth = await allMembers(as.owner!, '&sortBy=emailSentThisMonth:asc');
    const months = byMonth.map((item) => item.emailSentThisMonth);
    expect(months).toEqual([...months].sort((a, b) => a - b));
    const byEmail = await allMembers(as.owner!, '&sortBy=userEmail:desc');
    expect(byEmail.map((item) => item.userEmail)).toEqual(
      [...byEmail.map((item) => item.userEmail)].sort().reverse(),
    );
    const byLast = await allMembers(as.owner!, '&sortBy=lastEmailSentTimestamp:desc');
    const stamps = byLast.map((item) => item.lastEmailSentTimestamp).filter((value) => value !== null);
    expect(stamps).toEqual([...stamps].sort((a, b) => b - a));
    expect(byLast.findIndex((item) => item.lastEmailSentTimestamp === null)).not.toBe(0);

    const search = await allMembers(as.owner!, `&filterBy=search:${encodeURIComponent('chen')}`);
    expect(search.map((item) => item.userEmail)).toEqual(['admin@acme.example']);

    for (const query of [
      '?limit=101',
      '?limit=0',
      '?limitOffset=-1',
      '?sortBy=userRole:asc',
      '?filterBy=x:1',
    ]) {
      const res = await get(as.owner!, membersUrl(query));
      expect(res.statusCode, query).toBe(400);
      expect(errorBodySchema.safeParse(res.json()).success).toBe(true);
    }
  });

  it('PERM-019: a member without canAccessTeamReport gets 403; a non-member 404; an admin 200', async () => {
    for (const path of ['summary', 'members']) {
      const url = `/api/v1/workspaces/${acmeId}/team-report/${path}`;
      expect((await get(as.member!, url)).statusCode).toBe(403);
      const outsider = await get(as.nonMember!, url);
      expect(outsider.statusCode).toBe(404);
      expect(outsider.body).not.toContain('Acme');
      expect((await get(as.admin!, url)).statusCode).toBe(200);
    }
  });
});

function pick(item: TeamMember) {
  return {
    emailSentAllTime: item.emailSentAllTime,
    emailSentThisMonth: item.emailSentThisMonth,
    lastEmailSentTimestamp: item.lastEmailSentTimestamp,
  };
}
