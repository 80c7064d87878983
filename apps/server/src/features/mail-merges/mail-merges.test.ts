import { and, count, desc, eq, gte, ilike, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignDetailSchema,
  errorBodySchema,
  getPollResponses,
  POLL_RESPONSES_MAX_LIMIT,
  scheduledCampaignSchema,
  sentCampaignSchema,
  SCHEDULED_MERGE_STATUSES,
} from '@mergeboard/core';
import {
  analyticsEvents,
  auditEvents,
  campaigns,
  memberships,
  pollAnswers,
  scheduledMerges,
  users,
  workspaces,
} from '../../db/schema';
import { signedInAs } from '../../testing/sessions';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedDemo } from '../../embedded/demo';
import { listSentCampaigns as listSentRows, sentCampaignBatches } from './mail-merge-queries';

type Caller = { headers: { authorization: string } };

describe('mail merges', () => {
  let t: TestApp;
  let owner: Caller;
  let stranger: Caller;
  let ownerId: string;
  let acmeId: string;
  const get = (caller: Caller, url: string) => t.app.inject({ method: 'GET', url, headers: caller.headers });

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo({ db: t.database.db });
    owner = await signedInAs(t, 'owner@acme.example');
    stranger = await signedInAs(t, 'pat@gmail.com');
    ownerId = (await t.database.db.select().from(users).where(eq(users.email, 'owner@acme.example')))[0]!.id;
    acmeId = (await t.database.db.select().from(workspaces).where(eq(workspaces.name, 'Acme Sales')))[0]!.id;
  });
  afterAll(() => t.close());

  it("API-048 MM-012 lists only the caller's sent merges of a space, newest first, with the total", async () => {
    const res = await get(owner, `/api/users/me/campaigns?filterBy=workspaceId:${acmeId}&limit=5`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { items: unknown[]; total: number };
    const [expected] = await t.database.db
      .select({ n: count() })
      .from(campaigns)
      .where(and(eq(campaigns.userId, ownerId), eq(campaigns.workspaceId, acmeId)));
    expect(body.total).toBe(expected!.n);
    expect(body.total).toBeGreaterThan(5);
    const items = body.items.map((item) => sentCampaignSchema.parse(item));
    expect(items).toHaveLength(5);
    const times = items.map((item) => item.lastEmailSentTimestamp);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const newest = await t.database.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(eq(campaigns.userId, ownerId))
      .orderBy(desc(campaigns.lastEmailSentAt))
      .limit(1);
    expect(items[0]!.id).toBe(newest[0]!.id);
  });

  it('MM-004 CONST-006 CONST-012 searches titles (URL-encoded) and filters by date range', async () => {
    const [sample] = await t.database.db
      .select()
      .from(campaigns)
      .where(eq(campaigns.userId, ownerId))
      .limit(1);
    const word = sample!.title.split(' ')[0]!;
    const res = await get(
      owner,
      `/api/users/me/campaigns?filterBy=${encodeURIComponent(`search:${encodeURIComponent(word)}`)}`,
    );
    const [expected] = await t.database.db
      .select({ n: count() })
      .from(campaigns)
      .where(and(eq(campaigns.userId, ownerId), ilike(campaigns.title, `%${word}%`)));
    expect((res.json() as { total: number }).total).toBe(expected!.n);

    const lastYear = await get(owner, '/api/users/me/campaigns?filterBy=dateRange:LAST_12_MONTHS&limit=100');
    const since = new Date();
    since.setUTCFullYear(since.getUTCFullYear() - 1);
    const [inRange] = await t.database.db
      .select({ n: count() })
      .from(campaigns)
      .where(and(eq(campaigns.userId, ownerId), gte(campaigns.lastEmailSentAt, since)));
    expect((lastYear.json() as { total: number }).total).toBe(inRange!.n);
  });

  it('answers bad list parameters with 400 naming them', async () => {
    for (const query of [
      'filterBy=dateRange:FOREVER',
      'filterBy=workspaceId:nope',
      'sortBy=colour:asc',
      'limit=1000',
    ]) {
      const res = await get(owner, `/api/users/me/campaigns?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(errorBodySchema.parse(res.json()).error.fields).toBeDefined();
    }
  });

  it("API-049 MM-016 answers the detail of one's own merge; someone else's is 404", async () => {
    const [mine] = await t.database.db.select().from(campaigns).where(eq(campaigns.userId, ownerId)).limit(1);
    const res = await get(owner, `/api/users/me/campaigns/${mine!.id}`);
    expect(res.statusCode).toBe(200);
    expect(campaignDetailSchema.parse(res.json())).toMatchObject({
      id: mine!.id,
      emailSubject: mine!.emailSubject,
      mergeSourceSheetKey: mine!.mergeSourceSheetKey,
      trackingInfos: {
        sent: mine!.sentCount,
        unsubscribed: mine!.unsubscribedCount,
        responded: mine!.respondedCount,
        complained: mine!.complainedCount,
      },
    });
    expect((await get(stranger, `/api/users/me/campaigns/${mine!.id}`)).statusCode).toBe(404);
  });

  it('API-050 answers poll results of a merge with a poll', async () => {
    const [poll] = await t.database.db
      .select({ campaignId: pollAnswers.campaignId, userId: campaigns.userId })
      .from(pollAnswers)
      .innerJoin(campaigns, eq(campaigns.id, pollAnswers.campaignId))
      .limit(1);
    const caller = (await t.database.db.select().from(users).where(eq(users.id, poll!.userId)))[0]!;
    const res = await get(
      await signedInAs(t, caller.email),
      `/api/users/me/campaigns/${poll!.campaignId}/pollResults`,
    );
    expect(res.statusCode).toBe(200);
    const { items } = res.json() as { items: { info: string; count: number }[] };
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => typeof item.info === 'string' && item.count >= 0)).toBe(true);
  });

  describe('MM-021 API-051 poll responses, the fallback of pollResults', () => {
    let sender: Caller;
    let pollId: string;
    let pollTotal: number;
    const responses = (caller: Caller, query = '') =>
      get(caller, `/api/users/me/campaigns/${pollId}/pollResponses${query}`);
    const tally = (values: string[]) => {
      const counts = new Map<string, number>();
      for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
      return counts;
    };

    beforeAll(async () => {
      // The demo poll with the most responses, so paging has something to page through.
      const [poll] = await t.database.db
        .select({
          campaignId: pollAnswers.campaignId,
          userId: campaigns.userId,
          total: sql<number>`sum(${pollAnswers.count})::int`,
        })
        .from(pollAnswers)
        .innerJoin(campaigns, eq(campaigns.id, pollAnswers.campaignId))
        .groupBy(pollAnswers.campaignId, campaigns.userId)
        .orderBy(desc(sql`sum(${pollAnswers.count})`))
        .limit(1);
      pollId = poll!.campaignId;
      pollTotal = poll!.total;
      const email = (await t.database.db.select().from(users).where(eq(users.id, poll!.userId)))[0]!.email;
      sender = await signedInAs(t, email);
    });

    it('MM-021 API-051 answers one { value } per stored response, adding up to the pollResults counts', async () => {
      expect(pollTotal).toBeGreaterThan(10);
      const res = await responses(sender);
      expect(res.statusCode).toBe(200);
      const body = getPollResponses.response.parse(res.json());
      expect(body.total).toBe(pollTotal);
      expect(body.items).toHaveLength(Math.min(pollTotal, POLL_RESPONSES_MAX_LIMIT));
      expect(Object.keys(body.items[0]!)).toEqual(['value']);

      const results = await get(sender, `/api/users/me/campaigns/${pollId}/pollResults`);
      const { items } = results.json() as { items: { info: string; count: number }[] };
      const expected = new Map(items.filter((item) => item.count > 0).map((item) => [item.info, item.count]));
      expect(tally(body.items.map((item) => item.value))).toEqual(expected);
    });

    it('API-051 pages with limit and limitOffset without overlap; a first page keeps the shares', async () => {
      const size = 7;
      const values: string[] = [];
      for (let offset = 0; offset < pollTotal; offset += size) {
        const page = getPollResponses.response.parse(
          (await responses(sender, `?limit=${size}&limitOffset=${offset}`)).json(),
        );
        expect(page.total).toBe(pollTotal);
        expect(page.items.length).toBe(Math.min(size, pollTotal - offset));
        values.push(...page.items.map((item) => item.value));
      }
      const all = getPollResponses.response.parse((await responses(sender)).json());
      expect(values).toEqual(all.items.map((item) => item.value));
      const past = getPollResponses.response.parse(
        (await responses(sender, `?limitOffset=${pollTotal}`)).json(),
      );
      expect(past).toEqual({ items: [], total: pollTotal });

      // The answers are interleaved by share: a first page of n holds each answer n × share times,
      // give or take one per answer of the poll.
      const half = Math.floor(pollTotal / 2);
      const firstHalf = tally(
        getPollResponses.response
          .parse((await responses(sender, `?limit=${half}`)).json())
          .items.map((item) => item.value),
      );
      const whole = tally(all.items.map((item) => item.value));
      for (const [answer, count] of whole) {
        expect(
          Math.abs((firstHalf.get(answer) ?? 0) - (count * half) / pollTotal),
          answer,
        ).toBeLessThanOrEqual(whole.size);
      }
    });

    it('API-051 refuses a limit above the cap or below 1 and a malformed offset, naming the parameter', async () => {
      for (const query of [
        `limit=${POLL_RESPONSES_MAX_LIMIT + 1}`,
        'limit=0',
        'limit=ten',
        'limitOffset=-1',
      ]) {
        const res = await responses(sender, `?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(errorBodySchema.parse(res.json()).error.fields, query).toBeDefined();
      }
    });

    it('MM-021 API-051 a merge without a poll answers no responses', async () => {
      const [withoutPoll] = await t.database.db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(
          and(
            eq(campaigns.userId, ownerId),
            sql`not exists (select 1 from ${pollAnswers} where ${pollAnswers.campaignId} = ${campaigns.id})`,
          ),
        )
        .limit(1);
      const res = await get(owner, `/api/users/me/campaigns/${withoutPoll!.id}/pollResponses`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ items: [], total: 0 });
    });

    it('API-050 API-051 someone else (a space-mate or a stranger) gets the same 404 as for pollResults', async () => {
      const [campaign] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, pollId));
      const [mate] = await t.database.db
        .select({ email: users.email })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(
          and(eq(memberships.workspaceId, campaign!.workspaceId), ne(memberships.userId, campaign!.userId)),
        )
        .limit(1);
      const callers = [await signedInAs(t, mate!.email), stranger];
      for (const caller of callers) {
        const results = await get(caller, `/api/users/me/campaigns/${pollId}/pollResults`);
        const answers = await responses(caller);
        expect(answers.statusCode).toBe(404);
        expect(answers.json()).toEqual(results.json());
        expect(errorBodySchema.parse(answers.json()).error.code).toBe('not_found');
      }
      const unknown = await get(
        sender,
        '/api/users/me/campaigns/00000000-0000-4000-8000-000000000000/pollResponses',
      );
      expect(unknown.statusCode).toBe(404);
      expect((await get(sender, '/api/users/me/campaigns/nope/pollResponses')).statusCode).toBe(400);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/users/me/campaigns/${pollId}/pollResponses` }))
          .statusCode,
      ).toBe(401);
    });
  });

  describe('scheduled', () => {
    let sender: Caller;
    let senderId: string;
    beforeAll(async () => {
      const [row] = await t.database.db
        .select({ userId: scheduledMerges.userId })
        .from(scheduledMerges)
        .limit(1);
      senderId = row!.userId;
      const email = (await t.database.db.select().from(users).where(eq(users.id, senderId)))[0]!.email;
      sender = await signedInAs(t, email);
    });

    it("API-044 MM-019 MM-030 lists the caller's scheduled merges with every status field", async () => {
      const res = await get(sender, '/api/users/me/scheduled-campaigns?limit=100');
      expect(res.statusCode).toBe(200);
      const { items, total } = res.json() as { items: unknown[]; total: number };
      const parsed = items.map((item) => scheduledCampaignSchema.parse(item));
      expect(parsed.length).toBe(total);
      expect(parsed.every((item) => SCHEDULED_MERGE_STATUSES.includes(item.status))).toBe(true);
      expect(parsed[0]!.id).toBe(`${parsed[0]!.spreadsheetId}-${parsed[0]!.sheetId}`);
    });

    it("API-047 MM-003 counts the caller's scheduled merges in a space", async () => {
      const [row] = await t.database.db
        .select()
        .from(scheduledMerges)
        .where(eq(scheduledMerges.userId, senderId))
        .limit(1);
      const res = await get(
        sender,
        `/api/users/me/workspaces/${row!.workspaceId}/campaigns/count?isScheduled=true`,
      );
      expect(res.statusCode).toBe(200);
      const [expected] = await t.database.db
        .select({ n: count() })
        .from(scheduledMerges)
        .where(and(eq(scheduledMerges.userId, senderId), eq(scheduledMerges.workspaceId, row!.workspaceId)));
      expect(res.json()).toEqual({ campaignCount: expected!.n });
    });

    it("API-046 cancels one's own scheduled merge (recorded), never someone else's", async () => {
      const [row] = await t.database.db
        .select()
        .from(scheduledMerges)
        .where(eq(scheduledMerges.userId, senderId))
        .limit(1);
      const refused = await t.app.inject({
        method: 'DELETE',
        url: `/api/users/me/scheduledCampaigns/${row!.id}`,
        headers: stranger.headers,
      });
      expect(refused.statusCode).toBe(404);
      expect(
        (await t.database.db.select().from(scheduledMerges).where(eq(scheduledMerges.id, row!.id))).length,
      ).toBe(1);
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/users/me/scheduledCampaigns/${row!.id}`,
        headers: sender.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ canceled: true });
      expect(
        (await t.database.db.select().from(scheduledMerges).where(eq(scheduledMerges.id, row!.id))).length,
      ).toBe(0);
      const [audit] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.targetId, row!.id));
      expect(audit).toMatchObject({ action: 'scheduled_merge.canceled' });
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/api/users/me/scheduledCampaigns/${row!.id}`,
        headers: sender.headers,
      });
      expect(again.statusCode).toBe(404);
    });
  });

  describe('exports', () => {
    const today = () => new Date().toISOString().slice(0, 10);
    /** The data lines of a CSV answer (the header dropped); titles never hold line breaks here. */
    const dataLines = (text: string) => text.split('\r\n').filter(Boolean).slice(1);

    it("CONST-010 EVT-008 exports only the caller's sent merges of a space, named and logged", async () => {
      const res = await get(owner, `/api/users/me/campaigns/export?filterBy=workspaceId:${acmeId}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Exported_sent_mail_merges_${today()}.csv"`,
      );
      const [header] = res.body.split('\r\n');
      expect(header).toBe(
        'title,lastEmailSent,sent,opened,clicked,bounced,unsubscribed,responded,spreadsheetLink',
      );
      const own = await t.database.db
        .select({ id: campaigns.id, title: campaigns.title })
        .from(campaigns)
        .where(and(eq(campaigns.userId, ownerId), eq(campaigns.workspaceId, acmeId)));
      expect(dataLines(res.body)).toHaveLength(own.length);
      const [newest] = await t.database.db
        .select({ title: campaigns.title })
        .from(campaigns)
        .where(and(eq(campaigns.userId, ownerId), eq(campaigns.workspaceId, acmeId)))
        .orderBy(desc(campaigns.lastEmailSentAt), desc(campaigns.id))
        .limit(1);
      expect(dataLines(res.body)[0]!.startsWith(newest!.title.includes(',') ? '"' : newest!.title)).toBe(
        true,
      );

      const someoneElse = await get(
        stranger,
        `/api/users/me/campaigns/export?filterBy=workspaceId:${acmeId}`,
      );
      expect(someoneElse.statusCode).toBe(200);
      expect(dataLines(someoneElse.body)).toHaveLength(0);

      const [logged] = await t.database.db
        .select({ n: count() })
        .from(analyticsEvents)
        .where(and(eq(analyticsEvents.eventType, 'csv_export'), eq(analyticsEvents.userId, ownerId)));
      expect(logged!.n).toBeGreaterThan(0);
    });

    it('pages an export by keyset in the list order, for every sort', async () => {
      for (const sortBy of [
        { key: 'date', direction: 'desc' },
        { key: 'title', direction: 'asc' },
        { key: 'sent', direction: 'desc' },
      ] as const) {
        const ids: string[] = [];
        for await (const batch of sentCampaignBatches(
          t.database.db,
          ownerId,
          { filterBy: {}, sortBy },
          30_000,
          new Date(),
          3,
        )) {
          ids.push(...batch.map((row) => row.campaign.id));
        }
        const { rows, total } = await listSentRows(t.database.db, ownerId, {
          filterBy: {},
          sortBy,
          limit: 1000,
          limitOffset: 0,
        });
        expect(ids).toHaveLength(total);
        expect(new Set(ids).size).toBe(total);
        if (sortBy.key === 'date') expect(ids).toEqual(rows.map((row) => row.id));
      }
    });

    it('CONST-012 CONST-006 the sent export applies the search and date-range filters', async () => {
      const [sample] = await t.database.db
        .select()
        .from(campaigns)
        .where(eq(campaigns.userId, ownerId))
        .limit(1);
      const word = sample!.title.split(' ')[0]!;
      const filterBy = encodeURIComponent(`search:${encodeURIComponent(word)},dateRange:LAST_12_MONTHS`);
      const res = await get(owner, `/api/users/me/campaigns/export?filterBy=${filterBy}`);
      const list = await get(owner, `/api/users/me/campaigns?filterBy=${filterBy}&limit=1`);
      expect(res.statusCode).toBe(200);
      expect(dataLines(res.body)).toHaveLength((list.json() as { total: number }).total);
      const all = await get(owner, '/api/users/me/campaigns/export');
      expect(dataLines(all.body).length).toBeGreaterThanOrEqual(dataLines(res.body).length);
      expect((await get(owner, '/api/users/me/campaigns/export?filterBy=dateRange:FOREVER')).statusCode).toBe(
        400,
      );
    });

    it('MM-028 CONST-010 the scheduled export\'s nextRun: the run, "Upon quota reset", or empty for a stopped merge', async () => {
      const merges = await t.database.db.select().from(scheduledMerges);
      const byStatus = (status: string, withTime: boolean) =>
        merges.find((merge) => merge.status === status && (merge.mergeTime !== null) === withTime)!;
      const expectations = [
        {
          merge: byStatus('SCHEDULED', true),
          nextRun: (m: (typeof merges)[number]) => m.mergeTime!.toISOString(),
        },
        { merge: byStatus('IN PROGRESS', false), nextRun: () => 'Upon quota reset' },
        { merge: byStatus('DRAFT NOT FOUND', false), nextRun: () => '' },
      ];
      for (const { merge, nextRun } of expectations) {
        const email = (await t.database.db.select().from(users).where(eq(users.id, merge.userId)))[0]!.email;
        const search = encodeURIComponent(`search:${encodeURIComponent(merge.title)}`);
        const res = await get(
          await signedInAs(t, email),
          `/api/users/me/scheduled-campaigns/export?filterBy=${search}`,
        );
        const line = dataLines(res.body).find((row) => row.startsWith(`${merge.title},${merge.status},`));
        expect(line, merge.status).toBeDefined();
        expect(line!.split(',')[2], merge.status).toBe(nextRun(merge));
      }
    });

    it("CONST-010 exports the caller's scheduled merges with the list's filters", async () => {
      const [row] = await t.database.db.select().from(scheduledMerges).limit(1);
      const email = (await t.database.db.select().from(users).where(eq(users.id, row!.userId)))[0]!.email;
      const sender = await signedInAs(t, email);
      const res = await get(
        sender,
        `/api/users/me/scheduled-campaigns/export?filterBy=workspaceId:${row!.workspaceId}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Exported_scheduled_mail_merges_${today()}.csv"`,
      );
      expect(res.body.split('\r\n')[0]).toBe(
        'title,status,nextRun,createdTime,emailsSent,emailsToSend,error,spreadsheetLink',
      );
      const [own] = await t.database.db
        .select({ n: count() })
        .from(scheduledMerges)
        .where(
          and(eq(scheduledMerges.userId, row!.userId), eq(scheduledMerges.workspaceId, row!.workspaceId)),
        );
      expect(dataLines(res.body)).toHaveLength(own!.n);

      const search = encodeURIComponent(`search:${encodeURIComponent(row!.title)}`);
      const searched = await get(sender, `/api/users/me/scheduled-campaigns/export?filterBy=${search}`);
      const listed = await get(sender, `/api/users/me/scheduled-campaigns?filterBy=${search}`);
      expect(dataLines(searched.body)).toHaveLength((listed.json() as { total: number }).total);
      expect(dataLines(searched.body).length).toBeGreaterThan(0);

      const strangers = await get(stranger, '/api/users/me/scheduled-campaigns/export');
      expect(strangers.body.includes(row!.spreadsheetId)).toBe(false);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/users/me/scheduled-campaigns/export' })).statusCode,
      ).toBe(401);
    });
  });
});
