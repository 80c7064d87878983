import { randomUUID } from 'node:crypto';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingTokens } from '../tracking';
import { mergeSendJob } from '../merge-engine';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  PEOPLE_HEADER,
  sendNow,
  senderWorld,
  sheetFixture,
  type SenderWorld,
} from '../../testing/merge-test-kit';
import { classifyInbound } from './classify-inbound';
import type { InboundEnvelope } from './inbound-event';
import { receiveInbound, type InboundHandler } from './receive-inbound';
import { SIMULATED_MAIL_JOB, simulatedMailJob } from './simulated-mail-job';

const ADDRESSES = [
  'ada@people.example',
  'bounce+1@simulator.test',
  'softbounce+1@simulator.test',
  'complaint+1@simulator.test',
  'ooto+1@simulator.test',
  'reply+1@simulator.test',
];

interface Received {
  raw: Buffer;
  envelope: InboundEnvelope;
  mail: ParsedMail;
}

const parse = (raw: Buffer) => simpleParser(raw, { keepDeliveryStatus: true });
const partText = (mail: ParsedMail, type: string) =>
  mail.attachments.find((part) => part.contentType === type)?.content.toString('utf8') ?? '';

describe('the mailbox simulator (issue 25, engine design §8)', () => {
  let t: TestApp;
  let sender: SenderWorld;
  let campaignId: string;
  /** Each simulated address's recipient row. */
  const rowOf = new Map<string, { id: string; messageId: string }>();
  const tokens = trackingTokens('test-secret-test-secret-test-secret-000');
  const query = async (text: string, values: unknown[] = []) => (await t.database.execute(text, values)).rows;
  /** The simulator's queued answers. */
  const queued = async () =>
    (await query(`SELECT data, start_after > now() AS later FROM pgboss.job WHERE name = $1`, [
      SIMULATED_MAIL_JOB,
    ])) as {
      data: { raw: string; to: string[]; answers: string };
      later: boolean;
    }[];
  /** Runs every queued answer through `handle`, as the worker would once each is due. */
  async function deliverQueued(handle: InboundHandler) {
    const job = simulatedMailJob(handle);
    for (const { data } of await queued())
      await job.run({ database: t.database, config: t.context.config, data });
  }
  async function received(): Promise<Received[]> {
    const all: Received[] = [];
    await deliverQueued(async (raw, envelope) => {
      all.push({ raw, envelope, mail: await parse(raw) });
    });
    return all;
  }
  const answersTo = (all: Received[], address: string) =>
    all.filter(
      (message) =>
        message.mail.text?.includes(address) || message.raw.toString().includes(`From: ${address}`),
    );

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'http://mergeboard.example' } });
    sender = await senderWorld(t, { plan: 'PRO' });
    const sheet = await sheetFixture(t.database.db, sender, {
      header: PEOPLE_HEADER,
      rows: ADDRESSES.map((email, i) => [`Person ${i + 1}`, email, 'Acme']),
    });
    const merge = await sendNow(t, sender, sheet);
    campaignId = merge.campaignId!;
    await mergeSendJob.run({
      database: t.database,
      config: t.context.config,
      data: { mergeId: merge.mergeId },
      jobId: randomUUID(),
    });
    for (const row of await query(
      'SELECT id, email, message_id FROM campaign_recipients WHERE campaign_id = $1',
      [campaignId],
    ))
      rowOf.set(String(row.email), { id: String(row.id), messageId: String(row.message_id) });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('delivers every address but bounce… to the local mailbox, and queues its answers for a few seconds later', async () => {
    const captured = await query(
      `SELECT to_address FROM mail_messages WHERE kind = 'merge' AND from_user_id = $1`,
      [sender.userId],
    );
    expect(captured.map((row) => row.to_address).sort()).toEqual(
      ADDRESSES.filter((a) => !a.startsWith('bounce')).sort(),
    );
    const jobs = await queued();
    expect(jobs).toHaveLength(6);
    expect(jobs.every((job) => job.later)).toBe(true);
    expect(
      await query(
        'SELECT status, count(*)::int AS n FROM campaign_recipients WHERE campaign_id = $1 GROUP BY status',
        [campaignId],
      ),
    ).toEqual([{ status: 'SENT', n: 6 }]);
  });

  it('bounce… gets an RFC 3464 DSN (5.1.1, the original’s headers quoted) at its own VERP return path', async () => {
    const row = rowOf.get('bounce+1@simulator.test')!;
    const [dsn, ...more] = (await received()).filter((m) =>
      partText(m.mail, 'message/delivery-status').includes('5.1.1'),
    );
    expect(more).toHaveLength(0);
    expect(dsn!.mail.headers.get('content-type')).toMatchObject({
      value: 'multipart/report',
      params: { 'report-type': 'delivery-status' },
    });
    const status = partText(dsn!.mail, 'message/delivery-status');
    expect(status).toMatch(/^Final-Recipient: rfc822; bounce\+1@simulator\.test\r?$/m);
    expect(status).toMatch(/^Action: failed\r?$/m);
    expect(status).toMatch(/^Diagnostic-Code: smtp; 550 5\.1\.1 /m);
    const quoted = partText(dsn!.mail, 'text/rfc822-headers');
    expect(quoted).toContain(`Message-ID: ${row.messageId}`);
    const [to] = dsn!.envelope.to;
    expect(quoted).toContain(`Return-Path: <${to}>`);
    const token = /^bounces\+([a-z2-7]+)@mergeboard\.example$/.exec(to!)![1]!;
    expect(tokens.verifyFromAddress(token, 'return')?.recipientId).toBe(row.id);
  });

  it('softbounce… gets two 4.2.2 DSNs, complaint… an RFC 5965 abuse report, ooto… an RFC 3834 auto-reply, reply… a person’s reply in the thread', async () => {
    const all = await received();
    const soft = all.filter((m) => /^Status: 4\.2\.2\r?$/m.test(partText(m.mail, 'message/delivery-status')));
    expect(soft).toHaveLength(2);
    expect(new Set(soft.map((m) => m.mail.messageId)).size).toBe(2);

    const [arf] = all.filter((m) => partText(m.mail, 'message/feedback-report'));
    expect(arf!.mail.headers.get('content-type')).toMatchObject({
      params: { 'report-type': 'feedback-report' },
    });
    expect(partText(arf!.mail, 'message/feedback-report')).toMatch(/^Feedback-Type: abuse\r?$/m);
    expect(partText(arf!.mail, 'message/feedback-report')).toContain(
      'Original-Rcpt-To: <complaint+1@simulator.test>',
    );
    expect(arf!.envelope.to[0]).toMatch(/^bounces\+/);

    const ooto = answersTo(all, 'ooto+1@simulator.test').find((m) => m.mail.headers.get('auto-submitted'));
    expect(ooto!.mail.headers.get('auto-submitted')).toBe('auto-replied');
    expect(ooto!.mail.inReplyTo).toBe(rowOf.get('ooto+1@simulator.test')!.messageId);
    expect(ooto!.envelope.to[0]).toMatch(/^bounces\+/);

    const reply = all.find((m) => m.mail.from?.value[0]?.address === 'reply+1@simulator.test');
    expect(reply!.mail.headers.get('auto-submitted')).toBeUndefined();
    expect(reply!.mail.inReplyTo).toBe(rowOf.get('reply+1@simulator.test')!.messageId);
    expect(reply!.mail.references).toBe(rowOf.get('reply+1@simulator.test')!.messageId);
    expect(reply!.mail.subject).toBe('Re: Hello Person 6');
    expect(reply!.envelope.to).toEqual([sender.email]);
  });

  it('MM-022 MM-023 through the inbound path (the classifier, then the apply step): Bounced 1, Responded 1 (the out-of-office not counted), the complaint unsubscribed, the soft bounces counted; read twice, the same', async () => {
    const handle = receiveInbound(classifyInbound);
    await deliverQueued(handle);
    const counts = async () =>
      (
        await query(
          'SELECT sent_count, bounced_count, responded_count, unsubscribed_count, complained_count FROM campaigns WHERE id = $1',
          [campaignId],
        )
      )[0];
    expect(await counts()).toEqual({
      sent_count: 6,
      bounced_count: 1,
      responded_count: 1,
      unsubscribed_count: 1,
      complained_count: 1,
    });
    expect(
      await query(
        'SELECT email, status, soft_bounces FROM campaign_recipients WHERE campaign_id = $1 ORDER BY row_number',
        [campaignId],
      ),
    ).toEqual([
      { email: 'ada@people.example', status: 'SENT', soft_bounces: 0 },
      { email: 'bounce+1@simulator.test', status: 'BOUNCED', soft_bounces: 0 },
      { email: 'softbounce+1@simulator.test', status: 'SENT', soft_bounces: 2 },
      { email: 'complaint+1@simulator.test', status: 'SENT', soft_bounces: 0 },
      { email: 'ooto+1@simulator.test', status: 'SENT', soft_bounces: 0 },
      { email: 'reply+1@simulator.test', status: 'RESPONDED', soft_bounces: 0 },
    ]);
    expect(await query('SELECT email FROM bounces WHERE workspace_id = $1', [sender.workspaceId])).toEqual([
      { email: 'bounce+1@simulator.test' },
    ]);
    expect(
      await query('SELECT email FROM unsubscriptions WHERE workspace_id = $1', [sender.workspaceId]),
    ).toEqual([{ email: 'complaint+1@simulator.test' }]);
    await deliverQueued(handle);
    expect((await counts())!.bounced_count).toBe(1);
    expect((await counts())!.responded_count).toBe(1);
  });

  it('an answer to a message not yet recorded as sent waits: the job fails and pg-boss tries it again', async () => {
    const job = simulatedMailJob(async () => {
      throw new Error('must not be handed over');
    });
    const data = {
      raw: '',
      to: ['bounces+x@mergeboard.example'],
      answers: `<${randomUUID()}.1@mergeboard.example>`,
    };
    await expect(job.run({ database: t.database, config: t.context.config, data })).rejects.toThrow(
      /not recorded/,
    );
  });
});

describe('the mailbox simulator with the job queue running, as in `npm start`', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ work: true, env: { PUBLIC_URL: 'http://mergeboard.example' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('MM-022 a merge to simulated addresses shows Bounced 1 and Responded 1 within seconds, the out-of-office not counted', async () => {
    const sender = await senderWorld(t, { plan: 'PRO' });
    const sheet = await sheetFixture(t.database.db, sender, {
      header: PEOPLE_HEADER,
      rows: [
        'bounce+2@simulator.test',
        'ooto+2@simulator.test',
        'reply+2@simulator.test',
        'bo@people.example',
      ].map((email, i) => [`Person ${i + 1}`, email, 'Acme']),
    });
    const merge = await sendNow(t, sender, sheet);
    const counts = async () =>
      (
        await t.database.execute(
          'SELECT sent_count, bounced_count, responded_count FROM campaigns WHERE id = $1',
          [merge.campaignId],
        )
      ).rows[0];
    const deadline = Date.now() + 40_000;
    while (Date.now() < deadline) {
      const now = await counts();
      if (now?.bounced_count === 1 && now.responded_count === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(await counts()).toEqual({ sent_count: 4, bounced_count: 1, responded_count: 1 });
    const kinds = await t.database.execute(
      `SELECT kind FROM inbound_messages i JOIN campaign_recipients r ON r.id = i.recipient_id
        WHERE r.campaign_id = $1 ORDER BY kind`,
      [merge.campaignId],
    );
    expect(kinds.rows).toEqual([{ kind: 'auto-reply' }, { kind: 'hard-bounce' }, { kind: 'reply' }]);
  }, 60_000);
});
