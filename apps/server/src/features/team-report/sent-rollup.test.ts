import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTeamReportSummary, listTeamReportMembers } from '@mergeboard/core';
import { campaignRecipients, campaigns, users, workspaces } from '../../db/schema';
import { signedInAs } from '../../testing/sessions';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedDemo } from '../../embedded/demo';
import { utcMonthOf } from './team-report-queries';

/**
 * The team report reads a monthly rollup kept by database triggers; whatever happens to
 * recipients and campaigns, what it shows must equal a recount of the recipient rows.
 */
describe('team report counts follow every change to sends (TEAM-003 TEAM-005 API-058 API-059)', () => {
  let t: TestApp;
  let acmeId: string;
  let owner: { headers: { authorization: string } };
  const people: Record<'sofia' | 'marcus', string> = { sofia: '', marcus: '' };

  const now = new Date();
  const lastMonth = new Date(utcMonthOf(now).start.getTime() - 5 * 86_400_000);

  async function shown() {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/workspaces/${acmeId}/team-report/members?limit=100`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    const items = listTeamReportMembers.response.parse(res.json()).items;
    const summaryRes = await t.app.inject({
      method: 'GET',
      url: `/api/v1/workspaces/${acmeId}/team-report/summary`,
      headers: owner.headers,
    });
    const summary = getTeamReportSummary.response.parse(summaryRes.json());
    const of = (userId: string) => {
      const row = items.find((item) => item.userId === userId)!;
      return { allTime: row.emailSentAllTime, thisMonth: row.emailSentThisMonth };
    };
    return {
      sofia: of(people.sofia),
      marcus: of(people.marcus),
      space: { allTime: summary.emailSentAllTime, thisMonth: summary.emailSentThisMonth },
    };
  }

  /** Counted from the recipient rows, as the report would without the rollup. */
  async function recounted() {
    const { start, end } = utcMonthOf(now);
    const count = async (userId: string | null) => {
      const result = await t.database.execute(
        `select count(r.sent_at)::int as all_time,
                (count(*) filter (where r.sent_at >= $2 and r.sent_at < $3))::int as this_month
           from campaigns c join campaign_recipients r on r.campaign_id = c.id
          where c.workspace_id = $1 and not c.is_form_notification and ($4::uuid is null or c.user_id = $4)`,
        [acmeId, start.toISOString(), end.toISOString(), userId],
      );
      const row = result.rows[0]!;
      return { allTime: Number(row.all_time), thisMonth: Number(row.this_month) };
    };
    return { sofia: await count(people.sofia), marcus: await count(people.marcus), space: await count(null) };
  }

  async function addCampaign(userId: string, sends: (Date | null)[], isFormNotification = false) {
    const [campaign] = await t.database.db
      .insert(campaigns)
      .values({
        workspaceId: acmeId,
        userId,
        title: 'Rollup check - Sheet1',
        spreadsheetId: 'rollup',
        spreadsheetName: 'Rollup check',
        sheetId: '0',
        sheetName: 'Sheet1',
        mergeSourceSheetKey: `rollup-${Math.random()}`,
        spreadsheetLink: 'https://docs.google.com/spreadsheets/d/rollup',
        lastEmailSentAt: now,
        isFormNotification,
        sentCount: sends.filter(Boolean).length,
      })
      .returning();
    await t.database.db.insert(campaignRecipients).values(
      sends.map((sentAt, i) => ({
        campaignId: campaign!.id,
        email: `rollup${i}@customers.example`,
        status: sentAt ? ('SENT' as const) : ('PENDING' as const),
        sentAt,
      })),
    );
    return campaign!.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo({ db: t.database.db });
    const [acme] = await t.database.db.select().from(workspaces).where(eq(workspaces.name, 'Acme Sales'));
    acmeId = acme!.id;
    const rows = await t.database.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, ['member@acme.example', 'admin@acme.example']));
    people.sofia = rows.find((row) => row.email === 'member@acme.example')!.id;
    people.marcus = rows.find((row) => row.email === 'admin@acme.example')!.id;
    owner = await signedInAs(t, 'owner@acme.example');
  }, 120_000);
  afterAll(() => t.close());

  it('inserts, sends, status changes, deletions, moves and form-notification flags', async () => {
    const before = await shown();
    expect(before).toEqual(await recounted());

    // Three sent this month, two last month, one not sent yet; a form notification never counts.
    const campaignId = await addCampaign(people.sofia, [now, now, now, lastMonth, lastMonth, null]);
    const formId = await addCampaign(people.sofia, [now, now], true);
    let after = await shown();
    expect(after.sofia).toEqual({ allTime: before.sofia.allTime + 5, thisMonth: before.sofia.thisMonth + 3 });
    expect(after).toEqual(await recounted());

    // The pending recipient is sent; an open changes nothing.
    await t.database.db
      .update(campaignRecipients)
      .set({ sentAt: now, status: 'SENT' })
      .where(eq(campaignRecipients.email, 'rollup5@customers.example'));
    await t.database.db
      .update(campaignRecipients)
      .set({ status: 'OPENED', openedAt: now })
      .where(eq(campaignRecipients.campaignId, campaignId));
    after = await shown();
    expect(after.sofia).toEqual({ allTime: before.sofia.allTime + 6, thisMonth: before.sofia.thisMonth + 4 });
    expect(after).toEqual(await recounted());

    // One of last month's sends is removed.
    await t.database.db
      .delete(campaignRecipients)
      .where(eq(campaignRecipients.email, 'rollup3@customers.example'));
    after = await shown();
    expect(after.sofia.allTime).toBe(before.sofia.allTime + 5);
    expect(after).toEqual(await recounted());

    // The campaign changes sender: its sends move from Sofia to Marcus.
    await t.database.db.update(campaigns).set({ userId: people.marcus }).where(eq(campaigns.id, campaignId));
    after = await shown();
    expect(after.sofia).toEqual(before.sofia);
    expect(after.marcus).toEqual({
      allTime: before.marcus.allTime + 5,
      thisMonth: before.marcus.thisMonth + 4,
    });
    expect(after).toEqual(await recounted());

    // Deleting the campaign (its recipients go by cascade) takes its sends away once.
    await t.database.db.delete(campaigns).where(eq(campaigns.id, campaignId));
    after = await shown();
    expect(after).toEqual(before);
    expect(after).toEqual(await recounted());

    // A form notification that turns out to be a merge starts counting.
    await t.database.db.update(campaigns).set({ isFormNotification: false }).where(eq(campaigns.id, formId));
    after = await shown();
    expect(after.sofia).toEqual({ allTime: before.sofia.allTime + 2, thisMonth: before.sofia.thisMonth + 2 });
    expect(after).toEqual(await recounted());
  });
});
