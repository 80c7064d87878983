import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignDetailSchema, errorBodySchema, scheduledCampaignSchema } from '@mergeboard/core';
import { analyticsEvents, memberships, spreadsheets, users } from '../../db/schema';
import {
  PEOPLE_HEADER,
  people,
  sendNow,
  senderWorld,
  sheetFixture,
  type Caller,
  type SenderWorld,
} from '../../testing/merge-test-kit';
import { signedInAs } from '../../testing/sessions';
import { uploaded } from '../../testing/spreadsheet-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * An uploaded file has no page to open: a merge of one offers its rows as CSV (issue 24), to its
 * sender only, with formula-looking cells neutralised as in every export (CSV injection).
 */
const FILE = [
  'First name,Email,Company,Note',
  'Ada,ada@example.com,Analytical Engines,=HYPERLINK("http://evil.example")',
  'Grace,grace@example.com,"Cobol, Works",+1 555 0100',
  'Alan,alan@example.com,Bletchley Labs,"-2, @home, ""quoted"""',
].join('\r\n');
const EXPECTED_CSV = [
  'First name,Email,Company,Note',
  `Ada,ada@example.com,Analytical Engines,"'=HYPERLINK(""http://evil.example"")"`,
  `Grace,grace@example.com,"Cobol, Works",'+1 555 0100`,
  `Alan,alan@example.com,Bletchley Labs,"'-2, @home, ""quoted"""`,
  '',
].join('\r\n');

describe("a mail merge's uploaded file as CSV", () => {
  let t: TestApp;
  let sender: SenderWorld;
  let stranger: SenderWorld;
  let spaceMate: Caller;
  let campaignId: string;
  let scheduledMergeId: string;
  let spreadsheetId: string;

  const get = (caller: Caller | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: caller?.headers ?? {} });
  const campaignFile = (id = campaignId) => `/api/users/me/campaigns/${id}/spreadsheet/export`;
  const scheduledFile = (id = scheduledMergeId) =>
    `/api/users/me/scheduled-campaigns/${id}/spreadsheet/export`;

  beforeAll(async () => {
    t = await createTestApp();
    sender = await senderWorld(t, { plan: 'PRO' });
    stranger = await senderWorld(t, { plan: 'PRO' });
    // A member of the sender's own space: they share the space, not each other's merges.
    const [mate] = await t.database.db.insert(users).values({ email: 'mate@merge.example' }).returning();
    await t.database.db
      .insert(memberships)
      .values({ workspaceId: sender.workspaceId, userId: mate!.id, role: 'MEMBER', userPlan: 'PRO' });
    spaceMate = await signedInAs(t, 'mate@merge.example');

    const file = await uploaded(t, sender.caller, sender.workspaceId, { name: 'leads.csv', bytes: FILE });
    spreadsheetId = file.id;
    const merge = await sendNow(t, sender, { spreadsheetId, sheetId: file.sheets[0]!.sheetId });
    campaignId = merge.campaignId!;
    scheduledMergeId = merge.scheduledMergeId;
  });
  afterAll(() => t.close());

  it('the detail and the scheduled merge say the rows came from an uploaded file, with its name and no link', async () => {
    const detail = campaignDetailSchema.parse(
      (await get(sender.caller, `/api/users/me/campaigns/${campaignId}`)).json(),
    );
    expect(detail).toMatchObject({
      spreadsheetSource: 'UPLOAD',
      spreadsheetLink: '',
      spreadsheetName: 'leads',
    });
    const scheduled = scheduledCampaignSchema.parse(
      (await get(sender.caller, `/api/users/me/scheduled-campaigns/${scheduledMergeId}`)).json(),
    );
    expect(scheduled).toMatchObject({
      spreadsheetSource: 'UPLOAD',
      spreadsheetLink: '',
      spreadsheetName: 'leads',
    });
  });

  it('CONST-010 EVT-008 the sender downloads the rows as CSV, formulas neutralised, from the sent and the scheduled merge', async () => {
    for (const url of [campaignFile(), scheduledFile()]) {
      const res = await get(sender.caller, url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="Exported_leads_leads_\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(res.body).toBe(EXPECTED_CSV);
    }
    const events = await t.database.db
      .select({ payload: analyticsEvents.payload })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.userId, sender.userId));
    expect(events.map((event) => event.payload)).toEqual(
      expect.arrayContaining([
        { list: 'mail_merge_spreadsheet', campaignId },
        { list: 'mail_merge_spreadsheet', scheduledMergeId },
      ]),
    );
  });

  it("API-049 someone else's merge is not found: a member of another space, a space-mate, and nobody signed in", async () => {
    for (const url of [campaignFile(), scheduledFile()]) {
      for (const caller of [stranger.caller, spaceMate]) {
        const res = await get(caller, url);
        expect(res.statusCode).toBe(404);
        expect(errorBodySchema.parse(res.json()).error.code).toBe('not_found');
        expect(res.body).not.toContain('ada@example.com');
      }
      expect((await get(null, url)).statusCode).toBe(401);
    }
  });

  it('a merge of a Google Sheet keeps its link and has no file to download', async () => {
    const sheet = await sheetFixture(t.database.db, sender, {
      header: PEOPLE_HEADER,
      rows: people(2),
      name: 'Linked',
      externalId: 'google-sheet-id',
    });
    const merge = await sendNow(t, sender, sheet);
    const detail = campaignDetailSchema.parse(
      (await get(sender.caller, `/api/users/me/campaigns/${merge.campaignId}`)).json(),
    );
    expect(detail).toMatchObject({
      spreadsheetSource: 'GOOGLE_SHEETS',
      spreadsheetLink: 'https://docs.google.com/spreadsheets/d/google-sheet-id/edit#gid=0',
    });
    const scheduled = scheduledCampaignSchema.parse(
      (await get(sender.caller, `/api/users/me/scheduled-campaigns/${merge.scheduledMergeId}`)).json(),
    );
    expect(scheduled.spreadsheetLink).toBe(detail.spreadsheetLink);
    const res = await get(sender.caller, campaignFile(merge.campaignId!));
    expect(res.statusCode).toBe(404);
    expect(errorBodySchema.parse(res.json()).error.message).toBe(
      'This mail merge reads a Google Sheet: open it in Google Sheets',
    );
  });

  it('once the file is deleted, its download is a 404 that says so', async () => {
    await t.database.db.delete(spreadsheets).where(eq(spreadsheets.id, spreadsheetId));
    const res = await get(sender.caller, campaignFile());
    expect(res.statusCode).toBe(404);
    expect(errorBodySchema.parse(res.json()).error.message).toBe(
      'The file of this mail merge has been deleted',
    );
  });
});
