import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getMerge,
  listMergeBounces,
  listScheduledCampaigns,
  pauseMerge,
  resumeMerge,
  scheduledCampaignSchema,
  type Role,
} from '@mergeboard/core';
import { memberships, users } from '../../db/schema';
import { signedInAs } from '../../testing/sessions';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  PEOPLE_HEADER,
  people,
  quotaDayPasses,
  recipientStatuses,
  sendNow,
  sendNowBody,
  senderWorld,
  sheetFixture,
  type Caller,
  type SenderWorld,
} from '../../testing/merge-test-kit';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { applyInboundEvent } from '../inbound';
import { trackingTokens } from '../tracking';
import { resumeWaitingMerges } from './merge-jobs';
import { runMergeWorker } from './merge-worker';

const BATCH = 10;

/** What the recipients' servers answer RCPT TO, by the address's local part. */
function refusalOf(recipient: string) {
  const local = recipient.split('@')[0]!;
  if (local.startsWith('gone')) return { code: 550, message: '5.1.1 The email account does not exist' };
  if (local.startsWith('dmarc'))
    return { code: 550, message: '5.7.26 This mail is unauthenticated, which poses a security risk' };
  if (local.startsWith('spammy'))
    return { code: 421, message: '4.7.28 Gmail has detected an unusual rate of unsolicited mail' };
  return null;
}

describe('the circuit breaker pauses a merge that hurts its domain; pause and resume keep at most once (issue 26)', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let sender: SenderWorld;
  /** Called as each message arrives at the sink, before it is accepted. */
  let onReceived: ((domain: string, count: number) => Promise<void>) | null = null;
  /** The test app's SESSION_SECRET: DSNs carry its VERP tokens. */
  const tokens = trackingTokens('test-secret-test-secret-test-secret-000');

  const inject = (who: { caller: Caller }, method: 'GET' | 'POST' | 'DELETE', url: string) =>
    t.app.inject({ method, url, headers: who.caller.headers });
  const mergeUrl = (who: { workspaceId: string }, mergeId: string, tail = '') =>
    `/api/v1/workspaces/${who.workspaceId}/merges/${mergeId}${tail}`;
  const work = (mergeId: string, workerId?: string) =>
    runMergeWorker({
      database: t.database,
      config: t.context.config,
      mergeId,
      ...(workerId ? { workerId } : {}),
    });
  const detail = async (who: SenderWorld, mergeId: string) =>
    getMerge.response.parse((await inject(who, 'GET', mergeUrl(who, mergeId))).json());
  const received = (domain: string) =>
    sink.messages.filter((message) => message.envelopeTo[0]!.endsWith(`@${domain}`));
  /** How many times each address of the domain was sent a message. */
  const deliveries = (domain: string) => {
    const counts = new Map<string, number>();
    for (const message of received(domain)) {
      const to = message.envelopeTo[0]!;
      counts.set(to, (counts.get(to) ?? 0) + 1);
    }
    return counts;
  };
  const newMerge = async (who: SenderWorld, rows: string[][]) => {
    const sheet = await sheetFixture(t.database.db, who, { header: PEOPLE_HEADER, rows });
    return sendNow(t, who, sheet);
  };
  /** `count` rows of the domain whose first `bad` addresses start with `prefix` (refused by the sink). */
  const rowsWith = (count: number, domain: string, bad: number, prefix: string) =>
    people(count, domain).map((row, i) =>
      i < bad ? [row[0]!, `${prefix}${i + 1}@${domain}`, row[2]!] : row,
    );
  const rowOf = async (campaignId: string, email: string) => {
    const { rows } = await t.database.execute(
      'SELECT id FROM campaign_recipients WHERE campaign_id = $1 AND email = $2',
      [campaignId, email],
    );
    return String(rows[0]!.id);
  };
  /** A hard bounce (5.1.1) or a complaint about `email`'s row, by its VERP return path. */
  const report = async (kind: 'hard-bounce' | 'complaint', campaignId: string, email: string) => {
    const about = {
      messageId: `${kind}-${randomBytes(6).toString('hex')}@reports.example`,
      returnToken: tokens.signForAddress({
        kind: 'return',
        recipientId: await rowOf(campaignId, email),
        index: 0,
      }),
      inReplyTo: [],
      recipient: email,
    };
    return applyInboundEvent(
      t.database.db,
      tokens,
      kind === 'complaint'
        ? { kind, ...about }
        : {
            kind,
            ...about,
            status: '5.1.1',
            reason: 'The email account that you tried to reach does not exist',
          },
    );
  };
  /** Waits until the worker has recorded its first batch (recording overlaps the next batch's sending). */
  const firstBatchRecorded = async (campaignId: string) => {
    for (;;) {
      const { rows } = await t.database.execute('SELECT sent_count FROM campaigns WHERE id = $1', [
        campaignId,
      ]);
      if (Number(rows[0]!.sent_count) >= BATCH) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  /** Every claimed row is settled: none left SENDING, and the quota used is what went out. */
  const settled = async (who: SenderWorld, campaignId: string) => {
    const statuses = await recipientStatuses(t.database, campaignId);
    const { rows } = await t.database.execute(
      `SELECT coalesce(sum(used), 0)::int AS used FROM sender_daily_quota WHERE user_id = $1`,
      [who.userId],
    );
    return { sending: statuses.SENDING ?? 0, used: Number(rows[0]!.used) };
  };
  /** A user of the sender's space (its owner) with this role, signed in. */
  const colleague = async (role: Role): Promise<SenderWorld> => {
    const email = `${role.toLowerCase()}-${randomBytes(4).toString('hex')}@merge.example`;
    const [user] = await t.database.db.insert(users).values({ email, name: role }).returning();
    const { workspaceId } = sender;
    await t.database.db
      .insert(memberships)
      .values({ workspaceId, userId: user!.id, role, userPlan: 'PRO', isPaid: true });
    const session = await signedInAs(t, email);
    return { userId: user!.id, workspaceId, email, caller: session, cookie: session.cookie };
  };

  beforeAll(async () => {
    sink = await startSmtpSink({
      refuse: refusalOf,
      beforeAccept: async (message) => {
        const domain = message.envelopeTo[0]!.split('@')[1]!;
        await onReceived?.(domain, received(domain).length);
      },
    });
    t = await createTestApp({
      env: {
        SMTP_URL: sink.url,
        PUBLIC_URL: 'http://mergeboard.example',
        MERGE_BATCH_SIZE: String(BATCH),
      },
    });
    sender = await senderWorld(t, { plan: 'PRO' });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('pauses on hard bounces at send time over 5 % once 50 are sent; the detail, the bounces and the Scheduled list say why; resume sends the rest once', async () => {
    const merge = await newMerge(sender, rowsWith(100, 'bouncy.example', 10, 'gone'));
    expect(await work(merge.mergeId)).toBe('stopped');
    const paused = await detail(sender, merge.mergeId);
    expect(paused).toMatchObject({ status: 'PAUSED', bounced: 10 });
    // The 50th message trips it; the batch already going out when it does finishes (at most one more).
    expect([50, 50 + BATCH]).toContain(paused.sent);
    expect(paused.pause).toMatchObject({
      reason: 'BOUNCE_RATE',
      details: '10 hard bounces in 50 messages sent (20 %), above the 5 % allowed once 50 are sent.',
    });
    expect(await settled(sender, merge.campaignId!)).toEqual({ sending: 0, used: paused.sent });
    // The trip stays in the space's audit trail after a resume clears the pause.
    const audit = async () =>
      (
        await t.database.execute(
          `SELECT action, data->>'reason' AS reason FROM audit_events WHERE target_id = $1 ORDER BY created_at`,
          [merge.mergeId],
        )
      ).rows;
    expect(await audit()).toEqual([{ action: 'merge.circuit_breaker_tripped', reason: 'BOUNCE_RATE' }]);

    const bounces = listMergeBounces.response.parse(
      (await inject(sender, 'GET', mergeUrl(sender, merge.mergeId, '/bounces'))).json(),
    );
    expect(bounces.total).toBe(10);
    expect(bounces.items.map((row) => row.email).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `gone${i + 1}@bouncy.example`).sort(),
    );
    expect(bounces.items[0]!.reason).toContain('550 5.1.1 The email account does not exist');

    const list = listScheduledCampaigns.response.parse(
      (await inject(sender, 'GET', '/api/users/me/scheduled-campaigns')).json(),
    );
    expect(list.items.find((row) => row.scheduledMergeId === merge.scheduledMergeId)).toMatchObject({
      mergeId: merge.mergeId,
      pause: { reason: 'BOUNCE_RATE' },
    });
    // A paused merge's queued jobs find nothing to do.
    expect(await work(merge.mergeId)).toBe('nothing-to-do');

    const resumed = await inject(sender, 'POST', mergeUrl(sender, merge.mergeId, '/resume'));
    expect(resumed.statusCode).toBe(200);
    expect(resumeMerge.response.parse(resumed.json())).toEqual({ status: 'SENDING', pause: null });
    expect(await work(merge.mergeId)).toBe('completed');
    const counts = deliveries('bouncy.example');
    expect(counts.size).toBe(90);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(await recipientStatuses(t.database, merge.campaignId!)).toEqual({ SENT: 90, BOUNCED: 10 });
    expect(await audit()).toEqual([
      { action: 'merge.circuit_breaker_tripped', reason: 'BOUNCE_RATE' },
      { action: 'merge.resumed', reason: null },
    ]);
  });

  it('a DSN bounce applied through the inbound path pauses a merge still running, past the line only', async () => {
    const free = await senderWorld(t, { plan: 'FREE', freeUserQuota: 60 });
    const merge = await newMerge(free, people(100, 'late-dsn.example'));
    expect(await work(merge.mergeId)).toBe('quota');
    for (const n of [1, 2, 3])
      expect(await report('hard-bounce', merge.campaignId!, `person${n}@late-dsn.example`)).toBe('applied');
    // 3 of 60 is exactly 5 %: not above it.
    expect(await detail(free, merge.mergeId)).toMatchObject({ status: 'WAITING_FOR_QUOTA', bounced: 3 });
    await report('hard-bounce', merge.campaignId!, 'person4@late-dsn.example');
    expect(await detail(free, merge.mergeId)).toMatchObject({
      status: 'PAUSED',
      pause: {
        reason: 'BOUNCE_RATE',
        details: '4 hard bounces in 60 messages sent (6.7 %), above the 5 % allowed once 50 are sent.',
      },
    });
    // The quota reset resumes merges waiting for it, not a paused one.
    await quotaDayPasses(t.database, free.userId);
    expect(await resumeWaitingMerges(t.database, 1)).toEqual([]);
    expect(received('late-dsn.example')).toHaveLength(60);
  });

  it('a spam complaint early pauses a sending merge at once', async () => {
    const merge = await newMerge(sender, people(40, 'complaint.example'));
    // The complaint comes back while the second batch is going out, about a message of the first.
    onReceived = async (domain, count) => {
      if (domain !== 'complaint.example' || count !== BATCH + 5) return;
      await firstBatchRecorded(merge.campaignId!);
      expect(await report('complaint', merge.campaignId!, 'person1@complaint.example')).toBe('applied');
    };
    expect(await work(merge.mergeId)).toBe('stopped');
    onReceived = null;
    const paused = await detail(sender, merge.mergeId);
    expect(paused.pause).toMatchObject({
      reason: 'COMPLAINT',
      details:
        '1 spam complaint after 10 messages sent: any complaint within the first 1,000 pauses the merge.',
    });
    // The batch in flight finishes; the one claimed ahead goes back, unsent.
    expect(received('complaint.example')).toHaveLength(2 * BATCH);
    expect(await settled(sender, merge.campaignId!)).toMatchObject({ sending: 0 });
    expect(await recipientStatuses(t.database, merge.campaignId!)).toEqual({ SENT: 20, PENDING: 20 });
  });

  it.each([
    ['dmarc', '5.7.26', 'stopped'],
    ['spammy', '4.7.28', 'paused'],
  ])('a provider policy refusal (%s, %s) pauses the merge at once', async (prefix, code, end) => {
    const domain = `${prefix}-policy.example`;
    const merge = await newMerge(sender, rowsWith(30, domain, 1, prefix));
    expect(await work(merge.mergeId)).toBe(end);
    const paused = await detail(sender, merge.mergeId);
    expect(paused.status).toBe('PAUSED');
    expect(paused.pause?.reason).toBe('POLICY_REJECTION');
    expect(paused.pause?.details).toContain(
      `A mailbox provider refused a message for its sending policy (${code})`,
    );
    expect(await settled(sender, merge.campaignId!)).toMatchObject({ sending: 0 });
  });

  it('two workers on one merge, paused and resumed by hand in the middle: every row goes out exactly once', async () => {
    const merge = await newMerge(sender, people(120, 'pair-pause.example'));
    onReceived = async (domain, count) => {
      if (domain !== 'pair-pause.example' || count !== 25) return;
      const res = await inject(sender, 'POST', mergeUrl(sender, merge.mergeId, '/pause'));
      expect(pauseMerge.response.parse(res.json())).toMatchObject({
        status: 'PAUSED',
        pause: { reason: 'MANUAL', details: `Paused by ${sender.email}.` },
      });
    };
    await Promise.all([work(merge.mergeId, 'worker-a'), work(merge.mergeId, 'worker-b')]);
    onReceived = null;
    const midway = received('pair-pause.example').length;
    expect(midway).toBeLessThan(120);
    expect(await settled(sender, merge.campaignId!)).toMatchObject({ sending: 0 });
    expect((await detail(sender, merge.mergeId)).sent).toBe(midway);

    expect((await inject(sender, 'POST', mergeUrl(sender, merge.mergeId, '/resume'))).statusCode).toBe(200);
    await Promise.all([work(merge.mergeId, 'worker-c'), work(merge.mergeId, 'worker-d')]);
    const counts = deliveries('pair-pause.example');
    expect(counts.size).toBe(120);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(await detail(sender, merge.mergeId)).toMatchObject({ status: 'COMPLETED', sent: 120 });
  });

  it('pause, resume and cancel are for the sender, the owner and admins: a member is refused with the reason, another space is not found, a wrong state is a conflict', async () => {
    const memberSender = await colleague('MEMBER');
    const otherMember = await colleague('MEMBER');
    const admin = await colleague('ADMIN');
    const otherSpace = await senderWorld(t, { plan: 'PRO' });
    const merge = await newMerge(memberSender, people(5, 'steer.example'));
    const url = (tail: string) => mergeUrl(sender, merge.mergeId, tail);

    const refused = await inject(otherMember, 'POST', url('/pause'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      "Only the merge's sender, or an owner or admin of the space, may pause, resume or cancel it",
    );
    expect((await inject(otherSpace, 'POST', mergeUrl(otherSpace, merge.mergeId, '/pause'))).statusCode).toBe(
      404,
    );
    expect((await inject(otherMember, 'GET', url('/bounces'))).statusCode).toBe(403);

    expect((await inject(memberSender, 'POST', url('/pause'))).statusCode).toBe(200);
    const twice = await inject(admin, 'POST', url('/pause'));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(
      'The mail merge is PAUSED: only a scheduled or sending one can be paused',
    );
    expect((await inject(otherMember, 'POST', url('/resume'))).statusCode).toBe(403);
    expect((await inject(admin, 'POST', url('/resume'))).json()).toEqual({ status: 'SENDING', pause: null });
    expect((await inject(memberSender, 'POST', url('/resume'))).statusCode).toBe(409);
    // The space's owner sees the merge's detail and pauses it.
    expect((await inject(sender, 'POST', url('/pause'))).statusCode).toBe(200);
    expect((await detail(sender, merge.mergeId)).pause).toMatchObject({ reason: 'MANUAL' });
    expect((await inject(otherMember, 'GET', url(''))).statusCode).toBe(404);

    // The owner cancels the member's paused merge: it leaves the Scheduled list, nothing goes out.
    expect((await inject(otherMember, 'DELETE', url(''))).statusCode).toBe(403);
    expect((await inject(sender, 'DELETE', url(''))).json()).toEqual({ status: 'CANCELED', pause: null });
    expect(await work(merge.mergeId)).toBe('nothing-to-do');
    expect(received('steer.example')).toHaveLength(0);
    expect(await recipientStatuses(t.database, merge.campaignId!)).toEqual({});
    const gone = await inject(
      memberSender,
      'GET',
      `/api/users/me/scheduled-campaigns/${merge.scheduledMergeId}`,
    );
    expect(gone.statusCode).toBe(404);
  });

  it('a paused merge keeps its sheet: a new merge of the same sheet is refused (409) until it is resumed to the end or cancelled', async () => {
    const sheet = await sheetFixture(t.database.db, sender, {
      header: PEOPLE_HEADER,
      rows: people(5, 'paused-sheet.example'),
    });
    const merge = await sendNow(t, sender, sheet);
    expect((await inject(sender, 'POST', mergeUrl(sender, merge.mergeId, '/pause'))).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/workspaces/${sender.workspaceId}/merges`,
      headers: { ...sender.caller.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(sendNowBody(sheet)),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'A mail merge of this sheet is already scheduled, sending or paused',
    );
    const scheduled = await inject(
      sender,
      'GET',
      `/api/users/me/scheduled-campaigns/${merge.scheduledMergeId}`,
    );
    expect(scheduledCampaignSchema.parse(scheduled.json()).pause).toMatchObject({ reason: 'MANUAL' });
    // The Scheduled export says so too, rather than 'Upon quota reset' or a time.
    const exported = await inject(
      sender,
      'GET',
      `/api/users/me/scheduled-campaigns/export?filterBy=workspaceId:${sender.workspaceId}`,
    );
    const line = exported.body.split('\r\n').find((row) => row.startsWith(`${merge.title},`));
    expect(line?.split(',')[2]).toBe('Paused');

    expect((await inject(sender, 'POST', mergeUrl(sender, merge.mergeId, '/resume'))).statusCode).toBe(200);
    await work(merge.mergeId);
    expect(deliveries('paused-sheet.example').size).toBe(5);
    expect((await sendNow(t, sender, sheet)).toSend).toBe(5);
  });

  it("the sender's own cancel of the Scheduled list stops a paused merge", async () => {
    const merge = await newMerge(sender, people(5, 'own-cancel.example'));
    expect((await inject(sender, 'POST', mergeUrl(sender, merge.mergeId, '/pause'))).statusCode).toBe(200);
    const scheduled = scheduledCampaignSchema.parse(
      (await inject(sender, 'GET', `/api/users/me/scheduled-campaigns/${merge.scheduledMergeId}`)).json(),
    );
    expect(scheduled.pause).toMatchObject({ reason: 'MANUAL' });
    const res = await inject(sender, 'DELETE', `/api/users/me/scheduledCampaigns/${merge.scheduledMergeId}`);
    expect(res.statusCode).toBe(200);
    expect((await detail(sender, merge.mergeId)).status).toBe('CANCELED');
    expect(await work(merge.mergeId)).toBe('nothing-to-do');
    expect(received('own-cancel.example')).toHaveLength(0);
  });
});
