import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { createFakeGoogle } from '../../testing/fake-google';
import { TestBrowser } from '../../testing/http-client';
import { createListeningTestApp } from '../../testing/listening-app';
import type { TestApp } from '../../testing/test-app';
import { runMergeWorker } from './merge-worker';
import { PEOPLE_HEADER, people, sendNow, senderWorld, sheetFixture } from '../../testing/merge-test-kit';

const CLIENT_ID = 'client-merge.apps.googleusercontent.example';
const CLIENT_SECRET = 'google-secret';

/** With Google sign-in, a sender who granted the compose scope sends from their own Gmail. */
describe('merge messages through Gmail users.messages.send (Google stood in for at the edge)', () => {
  let t: TestApp & { baseUrl: string };
  let google: Awaited<ReturnType<typeof createFakeGoogle>>;

  beforeAll(async () => {
    google = await createFakeGoogle(CLIENT_ID, CLIENT_SECRET);
    t = await createListeningTestApp({
      env: {
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
        PUBLIC_URL: 'http://mergeboard.example',
      },
      providerFetch: google.fetch,
    });
  });
  afterAll(() => t.close());

  /** The web app's sign-in asking for the compose scope, consent given. */
  async function grantCompose(email: string) {
    const browser = new TestBrowser(t.baseUrl);
    const start = await browser.fetch('/api/v1/auth/authorize?compose=1');
    const res = await browser.fetch('/api/v1/auth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(google.approve(start.headers.get('location')!, { sub: `g-${email}`, email })),
    });
    expect(res.status).toBe(200);
  }

  it('AUTH-019 RELIABILITY sends each row from the sender’s Gmail with its values, Message-ID and List-* headers; a Gmail rate limit is a retried UNKNOWN ERROR', async () => {
    const sender = await senderWorld(t, { plan: 'PRO' });
    await grantCompose(sender.email);
    const sheet = await sheetFixture(t.database.db, sender, {
      header: PEOPLE_HEADER,
      rows: people(3, 'gmail.example'),
    });
    const merge = await sendNow(t, sender, sheet);
    const work = () =>
      runMergeWorker({
        database: t.database,
        config: t.context.config,
        mergeId: merge.mergeId,
        googleFetch: google.fetch,
      });

    google.gmail.failures.push(429);
    expect(await work()).toBe('retrying');
    const scheduled = await t.database.execute(
      'SELECT status, recoverable_error_retries FROM scheduled_merges WHERE id = $1',
      [merge.scheduledMergeId],
    );
    expect(scheduled.rows[0]).toEqual({ status: 'UNKNOWN ERROR', recoverable_error_retries: 1 });

    await t.database.execute(
      "UPDATE scheduled_merges SET merge_time = now() - interval '1 second' WHERE id = $1",
      [merge.scheduledMergeId],
    );
    expect(await work()).toBe('completed');
    expect(google.gmail.sent).toHaveLength(3);
    const mails = await Promise.all(
      google.gmail.sent.map((sent) => simpleParser(Buffer.from(sent.raw, 'base64url'))),
    );
    const second = mails.find((mail) => mail.subject === 'Hello Person 2')!;
    expect(second.to).toMatchObject({ value: [{ address: 'person2@gmail.example' }] });
    expect(second.from?.value[0]?.address).toBe(sender.email);
    expect(second.messageId).toBe(`<${merge.campaignId}.2@mergeboard.example>`);
    expect(second.html).toContain('Dear Person 2 of Company 1');
    // RELIABILITY: the raw MIME Gmail is given keeps the List-* headers, each on one line; no mailto:
    // unsubscribe, as no INBOUND_DOMAIN says where mail to it would be read.
    const raw = Buffer.from(google.gmail.sent[0]!.raw, 'base64url').toString('utf8');
    expect(raw).toMatch(/^List-Unsubscribe: <http:\/\/mergeboard\.example\/u\/[A-Za-z0-9_-]{42}>\r$/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    expect(raw.toLowerCase()).toContain(
      `\r\nlist-id: "merge space" <${sender.workspaceId}.mergeboard.example>\r\n`,
    );
    expect(new Set(google.gmail.sent.map((sent) => sent.sub))).toEqual(new Set([`g-${sender.email}`]));
  });
});
