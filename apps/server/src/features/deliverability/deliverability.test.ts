import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDeliverability, type Deliverability, type SendingDomainCheck } from '@mergeboard/core';
import {
  campaignRecipients,
  campaigns,
  merges,
  sendingDomainChecks,
  users,
  workspaces,
} from '../../db/schema';
import { seedDemo } from '../../embedded/demo';
import { signedInAs } from '../../testing/sessions';
import { createTestApp, type TestApp } from '../../testing/test-app';

const DAY = 86_400_000;
type Person = 'owner' | 'admin' | 'member';
const EMAILS: Record<Person, string> = {
  owner: 'owner@acme.example',
  admin: 'admin@acme.example',
  member: 'member@acme.example',
};

/** One recipient to write: when its message went out and what became of it. */
interface Send {
  sentAt: Date | null;
  bounced?: string;
  complained?: boolean;
  unsubscribed?: boolean;
}

/**
 * The deliverability page (issue 26): rates by the day messages were sent, from a daily rollup kept
 * by triggers; whatever happens to recipients and campaigns, the page must equal a recount of the
 * recipient rows. Owners and admins see every sender; a member only their own figures.
 */
describe('deliverability page', () => {
  let t: TestApp;
  let spaceId: string;
  const ids = {} as Record<Person, string>;
  const as = {} as Record<Person, { headers: { authorization: string } }>;
  const now = new Date();
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
  let serial = 0;

  async function page(who: Person): Promise<Deliverability> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/workspaces/${spaceId}/deliverability`,
      headers: as[who].headers,
    });
    expect(res.statusCode).toBe(200);
    return getDeliverability.response.parse(res.json());
  }

  /** The page's windows counted from the recipient rows themselves, for one sender or the space. */
  async function recounted(userId: string | null) {
    const dayStart = (days: number) =>
      `${daysAgo(days - 1)
        .toISOString()
        .slice(0, 10)}T00:00:00Z`;
    const result = await t.database.execute(
      `select count(*) filter (where r.sent_at >= $2)::int as sent7,
              count(r.bounced_at) filter (where r.sent_at >= $2)::int as bounced7,
              count(r.complained_at) filter (where r.sent_at >= $2)::int as complained7,
              count(r.unsubscribed_at) filter (where r.sent_at >= $2)::int as unsubscribed7,
              count(*)::int as sent30, count(r.bounced_at)::int as bounced30,
              count(r.complained_at)::int as complained30, count(r.unsubscribed_at)::int as unsubscribed30
         from campaigns c join campaign_recipients r on r.campaign_id = c.id
        where c.workspace_id = $1 and not c.is_form_notification and r.sent_at >= $3
          and ($4::uuid is null or c.user_id = $4)`,
      [spaceId, dayStart(7), dayStart(30), userId],
    );
    const row = result.rows[0] as Record<string, number>;
    const window = (n: 7 | 30) => ({
      sent: row[`sent${n}`],
      hardBounced: row[`bounced${n}`],
      complained: row[`complained${n}`],
      unsubscribed: row[`unsubscribed${n}`],
    });
    return { last7Days: window(7), last30Days: window(30) };
  }

  const countsOf = (figures: Deliverability['totals']) => ({
    last7Days: {
      sent: figures.last7Days.sent,
      hardBounced: figures.last7Days.hardBounced,
      complained: figures.last7Days.complained,
      unsubscribed: figures.last7Days.unsubscribed,
    },
    last30Days: {
      sent: figures.last30Days.sent,
      hardBounced: figures.last30Days.hardBounced,
      complained: figures.last30Days.complained,
      unsubscribed: figures.last30Days.unsubscribed,
    },
  });

  /** The rollup as the triggers keep it, next to the same grouping recounted from the recipients. */
  async function rollupAndRecount() {
    const rollup = await t.database.execute(
      `select user_id, day::text, sent, hard_bounced, complained, unsubscribed from sender_daily_deliverability
        where workspace_id = $1 and (sent, hard_bounced, complained, unsubscribed) <> (0, 0, 0, 0)
        order by 1, 2`,
      [spaceId],
    );
    const recount = await t.database.execute(
      `select c.user_id, ((r.sent_at at time zone 'UTC')::date)::text as day, count(*)::int as sent,
              count(r.bounced_at)::int as hard_bounced, count(r.complained_at)::int as complained,
              count(r.unsubscribed_at)::int as unsubscribed
         from campaigns c join campaign_recipients r on r.campaign_id = c.id
        where c.workspace_id = $1 and not c.is_form_notification and r.sent_at is not null
        group by 1, 2 order by 1, 2`,
      [spaceId],
    );
    return { rollup: rollup.rows, recount: recount.rows };
  }

  async function addCampaign(userId: string, sends: Send[], isFormNotification = false) {
    serial += 1;
    const [campaign] = await t.database.db
      .insert(campaigns)
      .values({
        workspaceId: spaceId,
        userId,
        title: `Deliverability check ${serial}`,
        spreadsheetId: `deliverability-${serial}`,
        spreadsheetName: 'Deliverability check',
        sheetId: '0',
        sheetName: 'Sheet1',
        mergeSourceSheetKey: `deliverability-${serial}-0`,
        spreadsheetLink: '',
        lastEmailSentAt: now,
        isFormNotification,
        sentCount: sends.filter((send) => send.sentAt).length,
      })
      .returning();
    await t.database.db.insert(campaignRecipients).values(
      sends.map((send, i) => ({
        campaignId: campaign!.id,
        email: `d${serial}-${i}@customers.example`,
        status: send.bounced ? ('BOUNCED' as const) : send.sentAt ? ('SENT' as const) : ('PENDING' as const),
        sentAt: send.sentAt,
        bouncedAt: send.bounced ? send.sentAt : null,
        failureReason: send.bounced ?? null,
        complainedAt: send.complained ? send.sentAt : null,
        unsubscribedAt: send.unsubscribed ? send.sentAt : null,
      })),
    );
    return campaign!.id;
  }

  const times = (n: number, send: Send): Send[] => Array.from({ length: n }, () => ({ ...send }));

  beforeAll(async () => {
    t = await createTestApp({
      env: { DKIM_PRIVATE_KEY: 'test-key', DKIM_SELECTOR: 'mb', DKIM_DOMAIN: 'mail.acme-sender.example' },
    });
    await seedDemo({ db: t.database.db });
    const [acme] = await t.database.db.select().from(workspaces).where(eq(workspaces.name, 'Acme Sales'));
    spaceId = acme!.id;
    const rows = await t.database.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, Object.values(EMAILS)));
    for (const who of Object.keys(EMAILS) as Person[]) {
      ids[who] = rows.find((row) => row.email === EMAILS[who])!.id;
      as[who] = await signedInAs(t, EMAILS[who]);
    }
  }, 120_000);
  afterAll(() => t.close());

  it('rates over 7 and 30 days count what became of the messages sent on those days', async () => {
    const before = await page('owner');
    expect(countsOf(before.totals)).toEqual(await recounted(null));

    // Two days ago 200 sent: 6 hard bounces, 1 complaint, 4 unsubscribes. Ten days ago 100 sent with
    // 10 bounces (in the 30 days only). Forty days ago and a form notification: in neither.
    await addCampaign(ids.admin, [
      ...times(6, { sentAt: daysAgo(2), bounced: '550 5.1.1 user unknown' }),
      ...times(1, { sentAt: daysAgo(2), complained: true, unsubscribed: true }),
      ...times(3, { sentAt: daysAgo(2), unsubscribed: true }),
      ...times(190, { sentAt: daysAgo(2) }),
      ...times(10, { sentAt: daysAgo(10), bounced: '550 5.1.1 user unknown' }),
      ...times(90, { sentAt: daysAgo(10) }),
      ...times(20, { sentAt: daysAgo(40), bounced: '552 mailbox full' }),
      ...times(5, { sentAt: null }),
    ]);
    await addCampaign(ids.admin, times(30, { sentAt: daysAgo(1), complained: true }), true);

    const after = await page('owner');
    expect(countsOf(after.totals)).toEqual(await recounted(null));
    expect(after.totals.last7Days.sent - before.totals.last7Days.sent).toBe(200);
    expect(after.totals.last30Days.sent - before.totals.last30Days.sent).toBe(300);
    expect(after.totals.last30Days.hardBounced - before.totals.last30Days.hardBounced).toBe(16);

    const admin = after.senders.find((sender) => sender.userId === ids.admin)!;
    expect(countsOf(admin)).toEqual(await recounted(ids.admin));
    const t30 = after.totals.last30Days;
    expect(t30.hardBounceRate).toBeCloseTo(t30.hardBounced / t30.sent, 10);
    expect(t30.complaintRate).toBeCloseTo(t30.complained / t30.sent, 10);
    expect(t30.unsubscribeRate).toBeCloseTo(t30.unsubscribed / t30.sent, 10);

    // The daily series: 30 days, oldest first, ending today, the messages of each day on it.
    expect(after.daily).toHaveLength(30);
    expect(after.daily.at(-1)!.day).toBe(now.toISOString().slice(0, 10));
    const twoDaysAgo = daysAgo(2).toISOString().slice(0, 10);
    const dayBefore = before.daily.find((day) => day.day === twoDaysAgo)!;
    const dayAfter = after.daily.find((day) => day.day === twoDaysAgo)!;
    expect(dayAfter.sent - dayBefore.sent).toBe(200);
    expect(dayAfter.hardBounced - dayBefore.hardBounced).toBe(6);
    expect(dayAfter.complained - dayBefore.complained).toBe(1);
  });

  it('the rollup follows sends, bounces, complaints, unsubscribes, deletions and campaign moves', async () => {
    const campaignId = await addCampaign(ids.member, [
      ...times(20, { sentAt: daysAgo(3) }),
      ...times(4, { sentAt: null }),
    ]);
    let state = await rollupAndRecount();
    expect(state.rollup).toEqual(state.recount);

    // The pending rows go out; two bounce, one complains, one unsubscribes; an open changes nothing.
    const rows = await t.database.db
      .select({ id: campaignRecipients.id, sentAt: campaignRecipients.sentAt })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, campaignId));
    const pending = rows.filter((row) => !row.sentAt).map((row) => row.id);
    await t.database.db
      .update(campaignRecipients)
      .set({ sentAt: now, status: 'SENT' })
      .where(inArray(campaignRecipients.id, pending));
    const [a, b, c, d] = rows.map((row) => row.id);
    await t.database.execute(
      `update campaign_recipients set status = 'BOUNCED', bounced_at = now(), failure_reason = '550 no such user'
        where id in ($1, $2)`,
      [a, b],
    );
    await t.database.execute(`update campaign_recipients set complained_at = now() where id = $1`, [c]);
    await t.database.execute(`update campaign_recipients set unsubscribed_at = now() where id = $1`, [d]);
    await t.database.execute(
      `update campaign_recipients set opened_at = now(), status = 'OPENED' where campaign_id = $1 and bounced_at is null`,
      [campaignId],
    );
    state = await rollupAndRecount();
    expect(state.rollup).toEqual(state.recount);
    const member = (await page('owner')).senders.find((sender) => sender.userId === ids.member)!;
    expect(countsOf(member)).toEqual(await recounted(ids.member));

    // A bounced row is deleted; the campaign moves to another sender, then becomes a form notification and back.
    await t.database.db.delete(campaignRecipients).where(eq(campaignRecipients.id, a!));
    await t.database.db.update(campaigns).set({ userId: ids.owner }).where(eq(campaigns.id, campaignId));
    state = await rollupAndRecount();
    expect(state.rollup).toEqual(state.recount);
    await t.database.db
      .update(campaigns)
      .set({ isFormNotification: true })
      .where(eq(campaigns.id, campaignId));
    state = await rollupAndRecount();
    expect(state.rollup).toEqual(state.recount);
    await t.database.db
      .update(campaigns)
      .set({ isFormNotification: false })
      .where(eq(campaigns.id, campaignId));
    state = await rollupAndRecount();
    expect(state.rollup).toEqual(state.recount);

    // The campaign is deleted with its recipients.
    await t.database.db.delete(campaigns).where(eq(campaigns.id, campaignId));
    state = await rollupAndRecount();
    expect(state.rollup).toEqual(state.recount);
    expect(countsOf((await page('owner')).totals)).toEqual(await recounted(null));
  });

  it('owners and admins see every sender; a member sees only their own figures and merges', async () => {
    await addCampaign(
      ids.member,
      times(10, { sentAt: daysAgo(1), bounced: '550 5.1.1 <x@y.example> unknown' }),
    );
    await addCampaign(ids.owner, times(10, { sentAt: daysAgo(1) }));

    for (const who of ['owner', 'admin'] as const) {
      const seen = await page(who);
      expect(seen.scope).toBe('space');
      expect(seen.senders.map((sender) => sender.userId)).toEqual(
        expect.arrayContaining([ids.owner, ids.admin, ids.member]),
      );
    }

    const own = await page('member');
    expect(own.scope).toBe('own');
    expect(own.senders.map((sender) => sender.userId)).toEqual([ids.member]);
    expect(countsOf(own.totals)).toEqual(await recounted(ids.member));
    expect(countsOf(own.senders[0]!)).toEqual(await recounted(ids.member));
    const ownDaily = own.daily.reduce((sum, day) => sum + day.sent, 0);
    expect(ownDaily).toBe(own.totals.last30Days.sent);
    // Only the member's own domain (and the DKIM domain), only the member's own bounces.
    expect(own.domains.map((domain) => domain.domain)).toEqual(['acme.example', 'mail.acme-sender.example']);
    const ownBounces = own.bounceReasons.reduce((sum, reason) => sum + reason.count, 0);
    expect(ownBounces).toBe(own.totals.last30Days.hardBounced);
  });

  it('lists the top bounce reasons of the last 30 days, one reason whatever address it names', async () => {
    await addCampaign(ids.admin, [
      ...times(7, { sentAt: daysAgo(4), bounced: ' ' }), // no words from the server
      { sentAt: daysAgo(4), bounced: '550 5.1.1 <ann@far.example>: Recipient address rejected' },
      { sentAt: daysAgo(5), bounced: '550 5.1.1 <bob@far.example>: Recipient address rejected' },
      ...times(50, { sentAt: daysAgo(45), bounced: '554 5.7.1 old reason' }),
    ]);
    const seen = await page('owner');
    const count = (reason: string) => seen.bounceReasons.find((row) => row.reason === reason)?.count;
    expect(count('550 5.1.1 <(address)>: Recipient address rejected')).toBe(2);
    expect(count('Bounced')).toBeGreaterThanOrEqual(7);
    expect(count('554 5.7.1 old reason')).toBeUndefined();
    const counts = seen.bounceReasons.map((row) => row.count);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    expect(seen.bounceReasons.length).toBeLessThanOrEqual(10);
  });

  it('lists the merges that paused themselves, latest first, and not those paused by hand', async () => {
    const merge = (
      userId: string,
      status: 'PAUSED' | 'SENDING',
      reason: 'BOUNCE_RATE' | 'COMPLAINT' | 'MANUAL' | null,
      minutesAgo: number,
    ) => ({
      workspaceId: spaceId,
      userId,
      sheetId: '0',
      spreadsheetName: 'Leads',
      sheetName: `Sheet ${minutesAgo}`,
      emailColumn: 'Email',
      subject: 'Hi',
      bodyHtml: '<p>Hi</p>',
      sendAt: now,
      timeZone: 'UTC',
      status,
      pauseReason: reason,
      pausedAt: reason ? new Date(now.getTime() - minutesAgo * 60_000) : null,
      pauseDetails: reason === 'BOUNCE_RATE' ? '6 hard bounces out of 50 sent (12 %)' : null,
    });
    await t.database.db
      .insert(merges)
      .values([
        merge(ids.member, 'PAUSED', 'BOUNCE_RATE', 5),
        merge(ids.owner, 'PAUSED', 'COMPLAINT', 1),
        merge(ids.owner, 'PAUSED', 'MANUAL', 0),
        merge(ids.admin, 'SENDING', null, 0),
      ]);
    const seen = await page('admin');
    expect(seen.pausedMerges.map((m) => [m.title, m.reason, m.sender.email])).toEqual([
      ['Leads - Sheet 1', 'COMPLAINT', EMAILS.owner],
      ['Leads - Sheet 5', 'BOUNCE_RATE', EMAILS.member],
    ]);
    expect(seen.pausedMerges[1]!.details).toBe('6 hard bounces out of 50 sent (12 %)');
    const own = await page('member');
    expect(own.pausedMerges.map((m) => m.sender.email)).toEqual([EMAILS.member]);
  });

  it('shows each sending domain with its last pre-flight check, or none when never checked', async () => {
    const check: SendingDomainCheck = {
      domain: 'acme.example',
      outcome: 'FAIL',
      checkedAt: now.toISOString(),
      sendingHost: '127.0.0.1',
      spf: { status: 'pass', detail: 'SPF allows 127.0.0.1', publish: null },
      dkim: { status: 'pass', detail: 'The key matches', publish: null },
      dmarc: {
        status: 'missing',
        detail: 'No DMARC record',
        publish: { type: 'TXT', name: '_dmarc.acme.example', value: 'v=DMARC1; p=none' },
      },
    };
    const checkedAt = new Date(now.getTime() - 60_000);
    await t.database.db
      .insert(sendingDomainChecks)
      .values({ domain: 'acme.example', outcome: 'FAIL', result: check, checkedAt });
    // A check stored in a shape the page cannot read is not shown as a pass.
    await t.database.db.insert(sendingDomainChecks).values({
      domain: 'mail.acme-sender.example',
      outcome: 'PASS',
      result: { spf: 'ok' },
      checkedAt,
    });
    const seen = await page('owner');
    const acme = seen.domains.find((domain) => domain.domain === 'acme.example')!;
    expect(acme.check).toEqual({ ...check, checkedAt: checkedAt.toISOString() });
    expect(seen.domains.find((domain) => domain.domain === 'mail.acme-sender.example')!.check).toBeNull();
    const others = seen.domains.filter((domain) => !domain.domain.includes('acme'));
    expect(others.every((domain) => domain.check === null)).toBe(true);
  });
});
