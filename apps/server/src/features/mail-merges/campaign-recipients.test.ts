import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPORT_MAX_ROWS,
  errorBodySchema,
  listCampaignRecipients,
  type CampaignRecipientStatus,
} from '@mergeboard/core';
import { analyticsEvents, campaignRecipients, campaigns, merges } from '../../db/schema';
import { senderWorld, type Caller, type SenderWorld } from '../../testing/merge-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { recipientBatches, selectRecipientPage, type RecipientSort } from './recipient-queries';

const POLL = { question: 'Coming?', answers: ['Yes, "gladly"', '=1+1', 'No'] };
const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 9, minute, 0, 250));

/**
 * The owner's campaign, in sheet order. The addresses make wildcards observable (`bob_smith`
 * against `bobxsmith`, `100%` against `1000`) and start like formulas (`+`, `-`, `=`).
 */
const ROWS: {
  email: string;
  status: CampaignRecipientStatus;
  sentAt?: Date;
  openedAt?: Date;
  clickedAt?: Date;
  pollAnswer?: number;
  unsubscribedAt?: Date;
  bouncedAt?: Date;
  respondedAt?: Date;
  complainedAt?: Date;
  softBounces?: number;
  failureReason?: string;
}[] = [
  {
    email: 'ann@people.example',
    status: 'CLICKED',
    sentAt: at(0),
    openedAt: at(5),
    clickedAt: at(6),
    pollAnswer: 0,
  },
  { email: 'bob_smith@people.example', status: 'OPENED', sentAt: at(0), openedAt: at(9), pollAnswer: 1 },
  { email: 'bobxsmith@people.example', status: 'RESPONDED', sentAt: at(1), respondedAt: at(12) },
  {
    email: '100%sure@people.example',
    status: 'UNSUBSCRIBED',
    sentAt: at(1),
    unsubscribedAt: at(20),
    complainedAt: at(20),
  },
  {
    email: '1000sure@people.example',
    status: 'BOUNCED',
    sentAt: at(2),
    bouncedAt: at(3),
    failureReason: '5.1.1 user unknown',
  },
  { email: '+plus@people.example', status: 'OPENED', sentAt: at(2), openedAt: at(4), clickedAt: at(30) },
  { email: '=cmd@people.example', status: 'SENT', sentAt: at(3), pollAnswer: 2, softBounces: 2 },
  { email: 'zed@people.example', status: 'PENDING' },
];

async function insertCampaign(t: TestApp, sender: SenderWorld, title: string): Promise<string> {
  const [campaign] = await t.database.db
    .insert(campaigns)
    .values({
      workspaceId: sender.workspaceId,
      userId: sender.userId,
      title,
      spreadsheetId: 'sheet',
      spreadsheetName: 'People',
      sheetId: '0',
      sheetName: 'Sheet1',
      mergeSourceSheetKey: 'sheet-0',
      spreadsheetLink: 'https://docs.google.com/spreadsheets/d/sheet/edit#gid=0',
      lastEmailSentAt: at(3),
    })
    .returning({ id: campaigns.id });
  return campaign!.id;
}

describe('MM-016 a sent merge’s recipients and their activity', () => {
  let t: TestApp;
  let owner: SenderWorld;
  let stranger: SenderWorld;
  let campaignId: string;
  const get = (caller: Caller, url: string) => t.app.inject({ method: 'GET', url, headers: caller.headers });
  const list = (caller: Caller, query = '') =>
    get(caller, `/api/users/me/campaigns/${campaignId}/recipients${query}`);
  const exportCsv = (caller: Caller, query = '') =>
    get(caller, `/api/users/me/campaigns/${campaignId}/recipients/export${query}`);
  const items = async (query: string) => {
    const res = await list(owner.caller, query);
    expect(res.statusCode, query).toBe(200);
    return listCampaignRecipients.response.parse(res.json());
  };
  const search = (term: string) => `?filterBy=${encodeURIComponent(`search:${encodeURIComponent(term)}`)}`;
  /** The data lines of a CSV answer (the header dropped); no cell here holds a line break. */
  const dataLines = (text: string) => text.split('\r\n').filter(Boolean).slice(1);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await senderWorld(t);
    stranger = await senderWorld(t);
    campaignId = await insertCampaign(t, owner, 'People - Sheet1');
    await t.database.db.insert(merges).values({
      workspaceId: owner.workspaceId,
      userId: owner.userId,
      sheetId: '0',
      spreadsheetName: 'People',
      sheetName: 'Sheet1',
      emailColumn: 'Email',
      subject: 'Hello',
      bodyHtml: '<p>Hello</p>',
      poll: POLL,
      campaignId,
      status: 'COMPLETED',
      sendAt: at(0),
      timeZone: 'UTC',
    });
    await t.database.db
      .insert(campaignRecipients)
      .values(ROWS.map((row, index) => ({ ...row, campaignId, rowNumber: index + 1 })));
  });
  afterAll(() => t.close());

  it('MM-016 lists the recipients in sheet order with their times, the poll answer as text and what came back by mail (bounce reason, reply, spam report, soft bounces), with the total', async () => {
    const body = await items('');
    expect(body.total).toBe(ROWS.length);
    expect(body.items.map((item) => item.email)).toEqual(ROWS.map((row) => row.email));
    expect(body.items[0]).toEqual({
      email: 'ann@people.example',
      status: 'CLICKED',
      sentTimestamp: at(0).getTime(),
      firstOpenTimestamp: at(5).getTime(),
      firstClickTimestamp: at(6).getTime(),
      pollAnswer: 'Yes, "gladly"',
      unsubscribedTimestamp: null,
      bouncedTimestamp: null,
      respondedTimestamp: null,
      complainedTimestamp: null,
      softBounces: 0,
      reason: null,
    });
    expect(body.items.map((item) => item.pollAnswer)).toEqual([
      'Yes, "gladly"',
      '=1+1',
      null,
      null,
      null,
      null,
      'No',
      null,
    ]);
    const byEmail = new Map(body.items.map((item) => [item.email, item]));
    expect(byEmail.get('100%sure@people.example')!.unsubscribedTimestamp).toBe(at(20).getTime());
    expect(byEmail.get('1000sure@people.example')).toMatchObject({
      bouncedTimestamp: at(3).getTime(),
      reason: '5.1.1 user unknown',
    });
    expect(byEmail.get('bobxsmith@people.example')).toMatchObject({
      status: 'RESPONDED',
      respondedTimestamp: at(12).getTime(),
    });
    expect(byEmail.get('100%sure@people.example')!.complainedTimestamp).toBe(at(20).getTime());
    expect(byEmail.get('=cmd@people.example')!.softBounces).toBe(2);
    expect(byEmail.get('zed@people.example')).toMatchObject({ status: 'PENDING', sentTimestamp: null });
  });

  it('CONST-006 searches part of the address whatever the case, taking % and _ literally', async () => {
    const emails = async (term: string) => {
      const body = await items(search(term));
      expect(body.total, term).toBe(body.items.length);
      return body.items.map((item) => item.email);
    };
    expect(await emails('BOB')).toEqual(['bob_smith@people.example', 'bobxsmith@people.example']);
    expect(await emails('bob_smith')).toEqual(['bob_smith@people.example']);
    expect(await emails('100%')).toEqual(['100%sure@people.example']);
    expect(await emails('%')).toEqual(['100%sure@people.example']);
    expect(await emails('  ann  ')).toEqual(['ann@people.example']);
    expect(await emails('nobody')).toEqual([]);
  });

  it('sorts by address, first open and first click (not yet is the earliest), and pages with the total', async () => {
    const order = async (sortBy: string) =>
      (await items(`?sortBy=${sortBy}`)).items.map((item) => item.email);
    const emails = ROWS.map((row) => row.email);
    expect(await order('email:asc')).toEqual([...emails].sort());
    expect(await order('row:desc')).toEqual([...emails].reverse());
    expect(await order('opened:desc')).toEqual([
      'bob_smith@people.example',
      'ann@people.example',
      '+plus@people.example',
      ...emails
        .filter((email) => !ROWS.find((row) => row.email === email)!.openedAt)
        .sort()
        .reverse(),
    ]);
    expect((await order('clicked:asc')).slice(-2)).toEqual(['ann@people.example', '+plus@people.example']);

    const all = await items('?sortBy=email:asc');
    const page = await items('?sortBy=email:asc&limit=3&limitOffset=3');
    expect(page.total).toBe(ROWS.length);
    expect(page.items).toEqual(all.items.slice(3, 6));
    const searched = await items(`${search('sure')}&limit=1`);
    expect(searched).toMatchObject({ total: 2, items: [{ email: '100%sure@people.example' }] });
  });

  it('answers a bad query with 400 naming the parameter', async () => {
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?limitOffset=-1', 'limitOffset'],
      ['?sortBy=colour:asc', 'sortBy'],
      ['?sortBy=opened:up', 'sortBy'],
      ['?filterBy=workspaceId:x', 'filterBy'],
    ] as const) {
      for (const res of [await list(owner.caller, query), await exportCsv(owner.caller, query)]) {
        expect(res.statusCode, query).toBe(400);
        expect(JSON.stringify(errorBodySchema.parse(res.json()).error.fields), query).toContain(field);
      }
    }
  });

  it('API-049 someone else’s merge answers the same 404 as its detail, and no data; an unknown one too', async () => {
    const detail = await get(stranger.caller, `/api/users/me/campaigns/${campaignId}`);
    expect(detail.statusCode).toBe(404);
    for (const res of [await list(stranger.caller), await exportCsv(stranger.caller)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(detail.json());
      expect(res.body).not.toContain('people.example');
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await get(owner.caller, `/api/users/me/campaigns/${unknown}/recipients`)).statusCode).toBe(404);
    expect((await get(owner.caller, '/api/users/me/campaigns/nope/recipients')).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/users/me/campaigns/${campaignId}/recipients` }))
        .statusCode,
    ).toBe(401);
    const [logged] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.userId, stranger.userId));
    expect(logged!.n).toBe(0);
  });

  it('CONST-010 EVT-008 exports the activity in the list’s order with UTC times, logged', async () => {
    const res = await exportCsv(owner.caller);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Exported_mail_merge_recipients_${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    const [header] = res.body.split('\r\n');
    expect(header).toBe(
      'Email,Status,Sent,First open,First click,Poll answer,Unsubscribed,Bounced,Responded,Reported as spam,Soft bounces,Reason',
    );
    const lines = dataLines(res.body);
    expect(lines).toHaveLength(ROWS.length);
    expect(lines[0]).toBe(
      `ann@people.example,CLICKED,${at(0).toISOString()},${at(5).toISOString()},${at(6).toISOString()},"Yes, ""gladly""",,,,,0,`,
    );
    expect(lines[3]).toBe(
      `100%sure@people.example,UNSUBSCRIBED,${at(1).toISOString()},,,,${at(20).toISOString()},,,${at(20).toISOString()},0,`,
    );
    expect(lines[4]).toBe(
      `1000sure@people.example,BOUNCED,${at(2).toISOString()},,,,,${at(3).toISOString()},,,0,5.1.1 user unknown`,
    );
    expect(lines[7]).toBe('zed@people.example,PENDING,,,,,,,,,0,');

    const [logged] = await t.database.db
      .select({ payload: analyticsEvents.payload })
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.eventType, 'csv_export'), eq(analyticsEvents.userId, owner.userId)));
    expect(logged!.payload).toEqual({ list: 'mail_merge_recipients', campaignId });
  });

  it('CSV injection: addresses and poll answers starting like a formula are exported as text', async () => {
    const lines = dataLines((await exportCsv(owner.caller)).body);
    expect(lines[1]).toBe(
      `bob_smith@people.example,OPENED,${at(0).toISOString()},${at(9).toISOString()},,'=1+1,,,,,0,`,
    );
    expect(lines[5]!.startsWith("'+plus@people.example,")).toBe(true);
    expect(lines[6]!.startsWith("'=cmd@people.example,SENT,")).toBe(true);
    expect(lines[6]!.endsWith(',No,,,,,2,')).toBe(true);
  });

  it('CONST-006 the export applies the search and the sort', async () => {
    const firstCells = async (query: string) =>
      dataLines((await exportCsv(owner.caller, query)).body).map((line) => line.split(',')[0]);
    expect(await firstCells(`${search('SMITH')}&sortBy=email:desc`)).toEqual([
      'bobxsmith@people.example',
      'bob_smith@people.example',
    ]);
    expect(await firstCells(`${search('smith')}&sortBy=opened:asc`)).toEqual([
      'bobxsmith@people.example',
      'bob_smith@people.example',
    ]);
    expect(await firstCells(search('%'))).toEqual(['100%sure@people.example']);
  });

  it('pages an export by keyset in the list’s order, for every sort', async () => {
    const sorts: RecipientSort[] = [
      undefined,
      { key: 'row', direction: 'desc' },
      { key: 'email', direction: 'asc' },
      { key: 'opened', direction: 'desc' },
      { key: 'opened', direction: 'asc' },
      { key: 'clicked', direction: 'desc' },
    ];
    for (const sortBy of sorts) {
      const exported: string[] = [];
      for await (const batch of recipientBatches(
        t.database.db,
        campaignId,
        { filterBy: {}, sortBy },
        1000,
        2,
      )) {
        exported.push(...batch.map((row) => row.email));
      }
      const { rows } = await selectRecipientPage(t.database.db, campaignId, {
        filterBy: {},
        sortBy,
        limit: 100,
        limitOffset: 0,
      });
      expect(exported, JSON.stringify(sortBy)).toEqual(rows.map((row) => row.email));
    }
  });

  it(`CONST-010 exports at most ${EXPORT_MAX_ROWS} recipients, the first in the list's order`, async () => {
    const bigId = await insertCampaign(t, owner, 'Big - Sheet1');
    await t.database.db.execute(sql`
      INSERT INTO campaign_recipients (campaign_id, email, status, row_number)
      SELECT ${bigId}, 'person' || n || '@big.example', 'SENT', n
        FROM generate_series(1, ${EXPORT_MAX_ROWS + 1}) AS n`);
    const res = await get(owner.caller, `/api/users/me/campaigns/${bigId}/recipients/export`);
    expect(res.statusCode).toBe(200);
    const lines = dataLines(res.body);
    expect(lines).toHaveLength(EXPORT_MAX_ROWS);
    expect(lines[0]!.split(',')[0]).toBe('person1@big.example');
    expect(lines.at(-1)!.split(',')[0]).toBe(`person${EXPORT_MAX_ROWS}@big.example`);
    const listed = listCampaignRecipients.response.parse(
      (await get(owner.caller, `/api/users/me/campaigns/${bigId}/recipients?limit=1`)).json(),
    );
    expect(listed.total).toBe(EXPORT_MAX_ROWS + 1);
  });
});
