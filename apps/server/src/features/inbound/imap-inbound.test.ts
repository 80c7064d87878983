import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeSendJob } from '../merge-engine';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { startImapTestServer, type ImapTestServer } from '../../testing/imap-test-server';
import { testingPostgres } from '../../testing/test-database';
import {
  PEOPLE_HEADER,
  sendNow,
  senderWorld,
  sheetFixture,
  inboundWrites,
} from '../../testing/merge-test-kit';
import { MAX_INBOUND_BYTES, classifyInbound } from './classify-inbound';
import { startImapReader, type ImapReader } from './imap-inbound';
import type { ReaderLogger } from './imap-scan';
import { receiveInbound, type InboundHandler } from './receive-inbound';
import { SIMULATED_MAIL_JOB } from './simulated-mail-job';

const ADDRESSES = [
  'ada@people.example',
  'bounce+1@simulator.test',
  'bounce+2@simulator.test',
  'bounce+3@simulator.test',
  'bounce+4@simulator.test',
  'bounce+5@simulator.test',
  'bounce+6@simulator.test',
  'reply+1@simulator.test',
];
// Rescans come rarely enough that a message taken sooner shows IDLE at work.
const FAST = { pollSeconds: 0.3, rescanSeconds: 5, firstBackoffSeconds: 0.1, maxBackoffSeconds: 0.5 };
const SOON = { timeout: 10_000, interval: 100 };

interface Logged {
  level: 'info' | 'warn';
  fields: Record<string, unknown>;
  message: string;
}

describe('reading the bounce mailbox over IMAP (issue 25, INBOUND_IMAP_URL)', () => {
  let t: TestApp;
  let imap: ImapTestServer;
  let reader: ImapReader;
  let campaignId: string;
  /** The mail the simulator sends back for each address, as the mailbox would receive it. */
  const mailFor = new Map<string, string>();
  const logs: Logged[] = [];
  const logger = {
    info: (fields: Record<string, unknown>, message: string) => logs.push({ level: 'info', fields, message }),
    warn: (fields: Record<string, unknown>, message: string) => logs.push({ level: 'warn', fields, message }),
  } as unknown as ReaderLogger;
  const receive = receiveInbound(classifyInbound);
  /** Fails while `failing` is set, as when the database is unreachable. */
  let failing = false;
  const handle: InboundHandler = async (raw, envelope, context) => {
    if (failing) throw new Error('connection terminated unexpectedly');
    await receive(raw, envelope, context);
  };

  const query = async (text: string, values: unknown[] = []) => (await t.database.execute(text, values)).rows;
  const statusOf = async (email: string) =>
    (
      await query('SELECT status FROM campaign_recipients WHERE campaign_id = $1 AND email = $2', [
        campaignId,
        email,
      ])
    )[0]?.status;
  const counts = async () =>
    (await query('SELECT bounced_count, responded_count FROM campaigns WHERE id = $1', [campaignId]))[0];
  const everything = () => inboundWrites(t.database);
  const allSeen = () => imap.messages().every((message) => message.seen);
  const startReader = (server: ImapTestServer) =>
    startImapReader({
      mailbox: server.mailbox,
      handle,
      context: { database: t.database, config: t.context.config, logger },
      logger,
      timing: FAST,
    });

  beforeAll(async () => {
    t = await createTestApp({
      env: { PUBLIC_URL: 'http://mergeboard.example', INBOUND_DOMAIN: 'bounces.mergeboard.example' },
    });
    const sender = await senderWorld(t, { plan: 'PRO' });
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
    const answered = new Map(
      (
        await query('SELECT email, message_id FROM campaign_recipients WHERE campaign_id = $1', [campaignId])
      ).map((row) => [String(row.message_id), String(row.email)]),
    );
    // The simulator's answers are the real messages: the DSN goes to the row's VERP return path,
    // which the delivering mail server records in Delivered-To (as Postfix and Dovecot do).
    for (const { data } of (await query('SELECT data FROM pgboss.job WHERE name = $1', [
      SIMULATED_MAIL_JOB,
    ])) as {
      data: { raw: string; to: string[]; answers: string };
    }[]) {
      const raw = Buffer.from(data.raw, 'base64').toString('utf8');
      mailFor.set(answered.get(data.answers)!, `Delivered-To: ${data.to[0]}\r\n${raw}`);
    }
    imap = await startImapTestServer();
  }, 60_000);
  afterAll(async () => {
    await reader?.stop();
    await imap?.close();
    await t?.close();
  });

  it('MM-013 MM-016: a bounce and a reply already in the mailbox mark their rows BOUNCED and RESPONDED, and are flagged seen', async () => {
    expect(mailFor.get('bounce+1@simulator.test')).toMatch(
      /^Delivered-To: bounces\+[^@]+@bounces\.mergeboard\.example/,
    );
    await imap.append(mailFor.get('bounce+1@simulator.test')!);
    await imap.append(mailFor.get('reply+1@simulator.test')!);
    reader = startReader(imap);
    await expect.poll(() => statusOf('bounce+1@simulator.test'), SOON).toBe('BOUNCED');
    await expect.poll(() => statusOf('reply+1@simulator.test'), SOON).toBe('RESPONDED');
    await expect.poll(allSeen, SOON).toBe(true);
    expect(await counts()).toEqual({ bounced_count: 1, responded_count: 1 });
    expect(await statusOf('ada@people.example')).toBe('SENT');
  });

  it('takes a message that arrives while it waits with IDLE within seconds', async () => {
    await expect.poll(() => logs.some((log) => log.fields.idle === true), SOON).toBe(true);
    const appended = Date.now();
    await imap.append(mailFor.get('bounce+2@simulator.test')!);
    await expect
      .poll(() => statusOf('bounce+2@simulator.test'), { timeout: 3_000, interval: 50 })
      .toBe('BOUNCED');
    expect(Date.now() - appended).toBeLessThan(FAST.rescanSeconds * 1000);
  });

  it('counts the same message appended twice once, and flags both seen', async () => {
    const before = imap.messages().length;
    await imap.append(mailFor.get('bounce+3@simulator.test')!);
    await imap.append(mailFor.get('bounce+3@simulator.test')!);
    await expect.poll(() => imap.messages().length, SOON).toBe(before + 2);
    await expect.poll(allSeen, SOON).toBe(true);
    expect(await statusOf('bounce+3@simulator.test')).toBe('BOUNCED');
    expect(await counts()).toEqual({ bounced_count: 3, responded_count: 1 });
  });

  it('skips a garbage message: flagged seen, logged with its reason, nothing written', async () => {
    const before = await everything();
    const logged = logs.length;
    await imap.append('this is not\r\n\r\na message: no headers, no Message-ID\r\n');
    await expect.poll(allSeen, SOON).toBe(true);
    expect(logs.slice(logged)).toContainEqual({
      level: 'info',
      fields: expect.objectContaining({ reason: expect.any(String) }),
      message: 'inbound message ignored',
    });
    expect(await everything()).toBe(before);
  });

  it('skips a message over MAX_INBOUND_BYTES without downloading it, flagged seen and logged', async () => {
    const sentBefore = imap.bytesSent();
    imap.deliver(
      `Subject: huge\r\nMessage-ID: <huge@x.example>\r\n\r\n${'x'.repeat(MAX_INBOUND_BYTES + 10)}\r\n`,
    );
    await expect.poll(allSeen, SOON).toBe(true);
    expect(logs.some((log) => log.message.includes('too large'))).toBe(true);
    expect(imap.bytesSent() - sentBefore).toBeLessThan(64 * 1024);
  });

  it('leaves a message it could not apply unseen, and applies it at a later scan', async () => {
    failing = true;
    await imap.append(mailFor.get('bounce+4@simulator.test')!);
    await expect.poll(() => logs.some((log) => log.message.includes('left unseen')), SOON).toBe(true);
    expect(allSeen()).toBe(false);
    expect(await statusOf('bounce+4@simulator.test')).toBe('SENT');
    failing = false;
    await expect.poll(() => statusOf('bounce+4@simulator.test'), SOON).toBe('BOUNCED');
    await expect.poll(allSeen, SOON).toBe(true);
  });

  it('survives the server dropping the connection: reconnects and reads what came meanwhile', async () => {
    await expect.poll(() => imap.connections(), SOON).toBe(1);
    imap.dropConnections();
    await imap.append(mailFor.get('bounce+5@simulator.test')!);
    await expect.poll(() => statusOf('bounce+5@simulator.test'), SOON).toBe('BOUNCED');
    expect(logs.some((log) => log.message.includes('reconnecting'))).toBe(true);
    await expect.poll(() => imap.connections(), SOON).toBe(1);
  });

  it('reads a backlog longer than one FETCH of sizes, every message handed over once and flagged seen', async () => {
    const backlog = await startImapTestServer();
    for (let i = 1; i <= 205; i++)
      backlog.deliver(`Subject: ${i}\r\nMessage-ID: <n${i}@x.example>\r\n\r\nhi\r\n`);
    let handed = 0;
    const backlogReader = startImapReader({
      mailbox: backlog.mailbox,
      handle: async () => {
        handed += 1;
      },
      context: { database: t.database, config: t.context.config },
      logger,
      timing: FAST,
    });
    try {
      await expect.poll(() => backlog.messages().every((message) => message.seen), SOON).toBe(true);
      expect(handed).toBe(205);
    } finally {
      await backlogReader.stop();
      await backlog.close();
    }
  });

  it.skipIf(!testingPostgres())(
    'two workers on one mailbox scan in turn, so each message is handled once (PostgreSQL advisory lock)',
    async () => {
      const shared = await startImapTestServer();
      const handled = new Map<string, number>();
      const counting: InboundHandler = async (raw) => {
        const id = /Message-ID: (\S+)/.exec(raw.toString())![1]!;
        handled.set(id, (handled.get(id) ?? 0) + 1);
        // Slow enough that two unlocked scans would both find the message unseen.
        await new Promise((resolve) => setTimeout(resolve, 50));
      };
      for (let i = 1; i <= 6; i++)
        shared.deliver(`Subject: ${i}\r\nMessage-ID: <m${i}@x.example>\r\n\r\nhi\r\n`);
      const workers = [1, 2].map(() =>
        startImapReader({
          mailbox: shared.mailbox,
          handle: counting,
          context: { database: t.database, config: t.context.config },
          logger,
          timing: FAST,
        }),
      );
      try {
        await expect.poll(() => shared.messages().every((message) => message.seen), SOON).toBe(true);
        await expect.poll(() => shared.connections(), SOON).toBe(2);
        expect([...handled.values()]).toEqual([1, 1, 1, 1, 1, 1]);
      } finally {
        await Promise.all(workers.map((worker) => worker.stop()));
        await shared.close();
      }
    },
  );

  it('stops at once while a server that never greets keeps it connecting', async () => {
    const held = new Set<Socket>();
    const silent = createServer((socket) => held.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const connecting = startReader({ ...imap, mailbox: { ...imap.mailbox, port } });
    await expect.poll(() => held.size, SOON).toBe(1);
    const asked = Date.now();
    await connecting.stop();
    expect(Date.now() - asked).toBeLessThan(1_000);
    for (const socket of held) socket.destroy();
    silent.close();
  });

  it('polls a server without IDLE, and stops cleanly, logged out', async () => {
    await reader.stop();
    await expect.poll(() => imap.connections(), SOON).toBe(0);
    const polled = await startImapTestServer({ idle: false });
    const pollingReader = startReader(polled);
    try {
      await expect.poll(() => logs.some((log) => log.fields.idle === false), SOON).toBe(true);
      await polled.append(mailFor.get('bounce+6@simulator.test')!);
      await expect.poll(() => statusOf('bounce+6@simulator.test'), SOON).toBe('BOUNCED');
      // Flagged once applied, so a moment after the row changes.
      await expect.poll(() => polled.messages(), SOON).toEqual([{ uid: 1, seen: true }]);
    } finally {
      await pollingReader.stop();
      await expect.poll(() => polled.connections(), SOON).toBe(0);
      await polled.close();
    }
  });
});
