import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeGoogle } from '../../testing/fake-google';
import { TestBrowser } from '../../testing/http-client';
import { createListeningTestApp } from '../../testing/listening-app';
import type { TestApp } from '../../testing/test-app';
import {
  PEOPLE_HEADER,
  people,
  recipientStatuses,
  sendNow,
  senderWorld,
  sheetFixture,
  type SenderWorld,
} from '../../testing/merge-test-kit';
import { runMergeWorker } from '../merge-engine';
import { checkGmailInboxes } from './gmail-inbound-job';
import { classifyInbound, MAX_INBOUND_BYTES } from './classify-inbound';
import { receiveInbound } from './receive-inbound';

const CLIENT_ID = 'client-inbound.apps.googleusercontent.example';
const CLIENT_SECRET = 'google-secret';
const READ_SCOPE = 'https://www.googleapis.com/auth/gmail.readonly';

/** Gmail's own DSN (the corpus's gmail-hard.eml) as Gmail puts it in the sender's inbox for one of our rows. */
function gmailBounce(options: { sender: string; recipient: string; messageId: string }): string {
  return readFileSync(new URL('./fixtures/gmail-hard.eml', import.meta.url), 'utf8')
    .replaceAll('bounces+ev9zP-diK2GMIPC12nD_qF2wnEpeElX3xHXyHF_uLw@acme.example', options.sender)
    .replaceAll('alice@acme.example', options.sender)
    .replace(/^List-Unsubscribe.*\n/gm, '')
    .replaceAll('0193b3c4-97b6-7562-bb1f-54fc10c303e8@mergeboard.local', options.messageId)
    .replaceAll('jordan.nowhere.2019@gmail.com', options.recipient)
    .replace('6742ee5b.050a0220.2b7c1e.9d4a.GMR@mx.google.com', `${crypto.randomUUID()}@mx.google.com`);
}

/** A person's reply from their own mail program, answering our message. */
function personReply(options: { from: string; to: string; inReplyTo: string }): string {
  return [
    `From: ${options.from}`,
    `To: ${options.to}`,
    'Subject: Re: Hello',
    `Message-ID: <${crypto.randomUUID()}@people.example>`,
    `In-Reply-To: <${options.inReplyTo}>`,
    `References: <${options.inReplyTo}>`,
    'Date: Sat, 28 Nov 2026 09:00:00 +0000',
    'Content-Type: text/plain; charset=UTF-8',
    '',
    'Yes, count me in.',
    '',
  ].join('\r\n');
}

describe('replies and bounces from the sender’s own Gmail (Google stood in for at the edge)', () => {
  let t: TestApp & { baseUrl: string };
  let google: Awaited<ReturnType<typeof createFakeGoogle>>;
  const handle = receiveInbound(classifyInbound);
  const check = () =>
    checkGmailInboxes({ database: t.database, config: t.context.config, handle, googleFetch: google.fetch });

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

  /** The web app's compose sign-in (compose=1), consent given; `declineInboxRead` leaves the read box unticked. */
  async function grantCompose(email: string, options: { declineInboxRead?: boolean } = {}) {
    const browser = new TestBrowser(t.baseUrl);
    const start = await browser.fetch('/api/v1/auth/authorize?compose=1');
    const approved = google.approve(start.headers.get('location')!, { sub: `g-${email}`, email }, options);
    const res = await browser.fetch('/api/v1/auth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(approved),
    });
    expect(res.status).toBe(200);
  }

  /** A Gmail sender's three-row merge, sent through users.messages.send. */
  async function gmailMerge(options: { declineInboxRead?: boolean } = {}) {
    const sender = await senderWorld(t, { plan: 'PRO' });
    await grantCompose(sender.email, options);
    const sheet = await sheetFixture(t.database.db, sender, {
      header: PEOPLE_HEADER,
      rows: people(3, 'gmail.example'),
    });
    const merge = await sendNow(t, sender, sheet);
    const worked = await runMergeWorker({
      database: t.database,
      config: t.context.config,
      mergeId: merge.mergeId,
      googleFetch: google.fetch,
    });
    expect(worked).toBe('completed');
    const messageId = (row: number) => `${merge.campaignId}.${row}@mergeboard.example`;
    return { sender, campaignId: merge.campaignId!, messageId, sub: `g-${sender.email}` };
  }

  const counts = async (campaignId: string) =>
    (
      await t.database.execute(
        'SELECT responded_count AS responded, bounced_count AS bounced FROM campaigns WHERE id = $1',
        [campaignId],
      )
    ).rows[0];
  const readGrant = async (sender: SenderWorld) =>
    (
      await t.database.execute(
        `SELECT g.inbox_read_granted_at AS "readAt", i.compose_granted_at AS "composeAt"
           FROM identities i JOIN google_grants g ON g.identity_id = i.id WHERE i.user_id = $1`,
        [sender.userId],
      )
    ).rows[0] as { readAt: Date | null; composeAt: Date | null } | undefined;
  const dueNow = (sender: SenderWorld) =>
    t.database.execute('UPDATE gmail_inbox_checks SET next_check_at = now() WHERE user_id = $1', [
      sender.userId,
    ]);
  const rawFetches = () => google.gmail.reads.filter((read) => read.url.includes('format=raw')).length;

  it('AUTH-019 the compose sign-in asks for gmail.readonly too and records the read grant; left unticked, compose alone is kept', async () => {
    const browser = new TestBrowser(t.baseUrl);
    const start = await browser.fetch('/api/v1/auth/authorize?compose=1');
    expect(new URL(start.headers.get('location')!).searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['https://www.googleapis.com/auth/gmail.compose', READ_SCOPE]),
    );
    const granted = await senderWorld(t, { plan: 'PRO' });
    await grantCompose(granted.email);
    expect((await readGrant(granted))?.readAt).toBeInstanceOf(Date);
    const declined = await senderWorld(t, { plan: 'PRO' });
    await grantCompose(declined.email, { declineInboxRead: true });
    expect(await readGrant(declined)).toMatchObject({ readAt: null, composeAt: expect.any(Date) });
  });

  it('BOUNCE-010 MM-016 a reply and a Gmail mailer-daemon DSN in the sender’s inbox make rows RESPONDED and BOUNCED, once; another sender’s inbox, no read grant and a 403 write and read nothing', async () => {
    const a = await gmailMerge();
    const inboxA = google.gmail.inbox(a.sub);
    inboxA.push(
      personReply({ from: 'person1@gmail.example', to: a.sender.email, inReplyTo: a.messageId(1) }),
    );
    inboxA.push(
      gmailBounce({ sender: a.sender.email, recipient: 'person2@gmail.example', messageId: a.messageId(2) }),
    );
    inboxA.push(
      personReply({ from: 'friend@else.example', to: a.sender.email, inReplyTo: 'lunch-1@else.example' }),
    );

    expect(await check()).toBe(1);
    expect(await recipientStatuses(t.database, a.campaignId)).toEqual({ RESPONDED: 1, BOUNCED: 1, SENT: 1 });
    expect(await counts(a.campaignId)).toEqual({ responded: 1, bounced: 1 });
    const bounced = await t.database.execute('SELECT email FROM bounces WHERE workspace_id = $1', [
      a.sender.workspaceId,
    ]);
    expect(bounced.rows).toEqual([{ email: 'person2@gmail.example' }]);
    // What was received is read; the three merge messages the sender sent are never fetched.
    const listing = google.gmail.reads.find((read) => !read.url.includes('format='))!;
    expect(new URL(listing.url).searchParams.get('q')).toMatch(/^after:\d+ -in:sent -in:drafts$/);
    expect(rawFetches()).toBe(3);

    // Listed again: the ids handled in the overlap are not fetched again…
    await dueNow(a.sender);
    expect(await check()).toBe(1);
    expect(rawFetches()).toBe(3);
    // …and fetched again all the same (the remembered ids lost), they count once.
    await t.database.execute(
      "UPDATE gmail_inbox_checks SET next_check_at = now(), recent_message_ids = '{}', checked_until = now() - interval '1 hour' WHERE user_id = $1",
      [a.sender.userId],
    );
    expect(await check()).toBe(1);
    expect(rawFetches()).toBe(6);
    expect(await counts(a.campaignId)).toEqual({ responded: 1, bounced: 1 });
    const kept = await t.database.execute(
      'SELECT kind FROM inbound_messages WHERE workspace_id = $1 ORDER BY kind',
      [a.sender.workspaceId],
    );
    expect(kept.rows).toEqual([{ kind: 'hard-bounce' }, { kind: 'reply' }]);

    // mailboxOf: a reply naming A's message in B's own inbox writes nothing.
    const b = await gmailMerge();
    google.gmail
      .inbox(b.sub)
      .push(personReply({ from: 'person3@gmail.example', to: b.sender.email, inReplyTo: a.messageId(3) }));
    expect(await check()).toBe(1);
    expect(await recipientStatuses(t.database, a.campaignId)).toEqual({ RESPONDED: 1, BOUNCED: 1, SENT: 1 });

    // No read grant: the sender's inbox is never asked for.
    const c = await gmailMerge({ declineInboxRead: true });
    google.gmail
      .inbox(c.sub)
      .push(personReply({ from: 'person1@gmail.example', to: c.sender.email, inReplyTo: c.messageId(1) }));
    const readsBefore = google.gmail.reads.length;
    expect(await check()).toBe(0);
    expect(google.gmail.reads.length).toBe(readsBefore);
    expect(await recipientStatuses(t.database, c.campaignId)).toEqual({ SENT: 3 });

    // The person takes the read scope back: Gmail's 403 forgets the read grant (compose stays), and the job goes on.
    google.withdrawScope(a.sub, READ_SCOPE);
    await dueNow(a.sender);
    expect(await check()).toBe(1);
    expect(google.gmail.reads.at(-1)?.status).toBe(403);
    expect(await readGrant(a.sender)).toMatchObject({ readAt: null, composeAt: expect.any(Date) });
    await dueNow(a.sender);
    const afterForget = google.gmail.reads.length;
    expect(await check()).toBe(0);
    expect(google.gmail.reads.length).toBe(afterForget);
  });

  it('RELIABILITY a Gmail rate limit (429, or 403 rateLimitExceeded) keeps the grant and the progress, and checks again later; an expired token is refreshed; a message over the size limit is never fetched', async () => {
    const d = await gmailMerge();
    const progress = async () =>
      (
        await t.database.execute(
          `SELECT checked_until AS "checkedUntil", next_check_at > now() + interval '10 minutes' AS "later"
             FROM gmail_inbox_checks WHERE user_id = $1`,
          [d.sender.userId],
        )
      ).rows[0] as { checkedUntil: Date; later: boolean };
    // Only D is due: the earlier senders were checked moments ago.
    await t.database.execute("UPDATE gmail_inbox_checks SET next_check_at = now() + interval '1 hour'");

    google.gmail.readFailures.push({ status: 429 });
    expect(await check()).toBe(1);
    const first = await progress();
    expect(first.later).toBe(true);
    expect((await readGrant(d.sender))?.readAt).toBeInstanceOf(Date);

    google.gmail.readFailures.push({ status: 403, reason: 'userRateLimitExceeded' });
    await dueNow(d.sender);
    expect(await check()).toBe(1);
    expect(await progress()).toEqual(first);
    expect((await readGrant(d.sender))?.readAt).toBeInstanceOf(Date);

    google.expireAccessTokens();
    const inbox = google.gmail.inbox(d.sub);
    // Over the inbound limit by Gmail's sizeEstimate: never fetched raw, and the check goes on.
    inbox.push(
      personReply({ from: 'person2@gmail.example', to: d.sender.email, inReplyTo: d.messageId(2) }) +
        'x'.repeat(MAX_INBOUND_BYTES),
    );
    inbox.push(personReply({ from: 'person1@gmail.example', to: d.sender.email, inReplyTo: d.messageId(1) }));
    await dueNow(d.sender);
    const refreshes = google.tokenEndpoint.grants.filter((grant) => grant === 'refresh_token').length;
    const raws = rawFetches();
    expect(await check()).toBe(1);
    expect(google.tokenEndpoint.grants.filter((grant) => grant === 'refresh_token').length).toBe(
      refreshes + 1,
    );
    expect(rawFetches()).toBe(raws + 1);
    expect(await recipientStatuses(t.database, d.campaignId)).toEqual({ RESPONDED: 1, SENT: 2 });
    expect((await progress()).later).toBe(false);
  });
});
