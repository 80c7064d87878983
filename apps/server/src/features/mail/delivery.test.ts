import { createServer, type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailMessages, workspaces } from '../../db/schema';
import { signedInAs } from '../../testing/sessions';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedDemo } from '../../embedded/demo';
import { deliverDueMail, deliverMailJob, MAX_MAIL_ATTEMPTS, smtpTransport } from './delivery';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free port; `reject` makes it answer RCPT TO with that reply. */
async function startSink() {
  const received: Received[] = [];
  const state: { reject: { code: number; message: string } | null } = { reject: null };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!state.reject) return callback();
      const error = Object.assign(new Error(state.reject.message), { responseCode: state.reject.code });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on: taken from the OS, then released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Quoted-printable soft line breaks undone, so a long link reads as one string. */
const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('mail delivery over SMTP', () => {
  let sink: Awaited<ReturnType<typeof startSink>>;
  let t: TestApp;
  let acmeSales: string;

  beforeAll(async () => {
    sink = await startSink();
    t = await createTestApp({
      env: {
        SMTP_URL: sink.url,
        PUBLIC_URL: 'http://mergeboard.test',
        MAIL_FROM: 'Mergeboard <mail@mergeboard.test>',
      },
    });
    await seedDemo({ db: t.database.db });
    const [space] = await t.database.db.select().from(workspaces).where(eq(workspaces.name, 'Acme Sales'));
    acmeSales = space!.id;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });
  beforeEach(async () => {
    sink.state.reject = null;
    sink.received.length = 0;
    // Earlier cases leave their messages behind; each case delivers only its own.
    await t.database.db
      .update(mailMessages)
      .set({ status: 'FAILED' })
      .where(eq(mailMessages.status, 'QUEUED'));
  });

  async function invite(email: string) {
    const owner = await signedInAs(t, 'owner@acme.example');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/workspaces/${acmeSales}/invitations`,
      headers: owner.headers,
      payload: { emails: [email] },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(mailMessages).where(eq(mailMessages.toAddress, email));
    return row!;
  }

  const rowOf = async (id: string) =>
    (await t.database.db.select().from(mailMessages).where(eq(mailMessages.id, id)))[0]!;

  it('INV-001 an invitation written with SMTP_URL set arrives at the SMTP server and its row becomes SENT', async () => {
    const queued = await invite('smtp.newcomer@acme.example');
    expect(queued.status).toBe('QUEUED');

    const started = Date.now();
    await deliverMailJob.run({ database: t.database, config: t.context.config, data: {} });

    expect(sink.received).toHaveLength(1);
    const [message] = sink.received;
    expect(message!.to).toEqual(['smtp.newcomer@acme.example']);
    expect(message!.from).toBe('mail@mergeboard.test');
    const raw = unfold(message!.raw);
    expect(raw).toMatch(/^To: smtp\.newcomer@acme\.example$/m);
    expect(raw).toMatch(/^Subject: Olivia Bennett invited you to Acme Sales on Mergeboard$/m);
    expect(raw).toMatch(/^From: Mergeboard <mail@mergeboard\.test>$/m);
    expect(raw).toMatch(/http:\/\/mergeboard\.test\/invitations\/[A-Za-z0-9_-]{43}\/accept/);

    const sent = await rowOf(queued.id);
    expect(sent.status).toBe('SENT');
    expect(sent.attempts).toBe(1);
    expect(sent.sentAt!.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(sent.lastError).toBeNull();

    // Run again: nothing is sent twice.
    await deliverMailJob.run({ database: t.database, config: t.context.config, data: {} });
    expect(sink.received).toHaveLength(1);
  });

  it('two workers delivering at once send each message exactly once', async () => {
    const rows = await Promise.all(
      ['race.one@acme.example', 'race.two@acme.example', 'race.three@acme.example'].map(invite),
    );
    const transport = () => smtpTransport(sink.url);
    const [a, b] = [transport(), transport()];
    const attempted = await Promise.all([
      deliverDueMail({ database: t.database, transport: a, from: 'mail@mergeboard.test' }),
      deliverDueMail({ database: t.database, transport: b, from: 'mail@mergeboard.test' }),
    ]);
    a.close();
    b.close();
    expect(attempted[0] + attempted[1]).toBe(3);
    expect(sink.received.flatMap((m) => m.to).sort()).toEqual([
      'race.one@acme.example',
      'race.three@acme.example',
      'race.two@acme.example',
    ]);
    for (const row of rows) expect((await rowOf(row.id)).status).toBe('SENT');
  });

  it('an unreachable SMTP server leaves the message QUEUED with a later retry, and FAILED after the last attempt', async () => {
    const queued = await invite('unreachable@acme.example');
    const config = { ...t.context.config, SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` };

    await deliverMailJob.run({ database: t.database, config, data: {} });
    const first = await rowOf(queued.id);
    expect(first.status).toBe('QUEUED');
    expect(first.attempts).toBe(1);
    expect(first.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(first.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);

    // Not due yet: a run now does not touch it.
    await deliverMailJob.run({ database: t.database, config, data: {} });
    expect((await rowOf(queued.id)).attempts).toBe(1);

    // Each retry waits twice as long as the one before.
    const retryNow = async () => {
      await t.database.db
        .update(mailMessages)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(mailMessages.id, queued.id));
      await deliverMailJob.run({ database: t.database, config, data: {} });
    };
    await retryNow();
    const second = await rowOf(queued.id);
    expect(second.attempts).toBe(2);
    expect(second.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(
      first.nextAttemptAt.getTime() - first.createdAt.getTime(),
    );

    for (let attempt = 3; attempt <= MAX_MAIL_ATTEMPTS; attempt += 1) await retryNow();
    const last = await rowOf(queued.id);
    expect(last.status).toBe('FAILED');
    expect(last.attempts).toBe(MAX_MAIL_ATTEMPTS);
    expect(last.sentAt).toBeNull();
  });

  it('an SMTP 4xx reply is retried later; a 5xx reply fails the message at once', async () => {
    const answered = async (email: string, reject: { code: number; message: string }) => {
      const queued = await invite(email);
      sink.state.reject = reject;
      await deliverMailJob.run({ database: t.database, config: t.context.config, data: {} });
      return rowOf(queued.id);
    };
    const retried = await answered('greylisted@acme.example', { code: 451, message: 'Try again later' });
    expect(retried).toMatchObject({ status: 'QUEUED', attempts: 1, lastError: expect.stringMatching(/451/) });

    await t.database.db.update(mailMessages).set({ status: 'FAILED' }).where(eq(mailMessages.id, retried.id));
    const failed = await answered('no.such.mailbox@acme.example', { code: 550, message: 'No such mailbox' });
    expect(failed).toMatchObject({ status: 'FAILED', attempts: 1, lastError: expect.stringMatching(/550/) });
    expect(sink.received).toHaveLength(0);
  });
});
