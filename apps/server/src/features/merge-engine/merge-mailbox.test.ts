import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '@mergeboard/core';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { runMergeWorker } from './merge-worker';
import {
  PEOPLE_HEADER,
  sendNow,
  senderWorld,
  sheetFixture,
  type SenderWorld,
} from '../../testing/merge-test-kit';

/** Text as the mailbox page writes it into an attribute (numeric character references). */
const asAttribute = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

describe('merge messages without SMTP_URL: the local mailbox', () => {
  let t: TestApp;
  let sender: SenderWorld;
  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const mailbox = (cookie: string) => get('/mailbox', cookie);

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'http://mergeboard.example' } });
    sender = await senderWorld(t, { plan: 'PRO' });
  });
  afterAll(() => t.close());

  it('lists the sender each message they sent, each opening on its own page rendered with its own row, with its original source; nobody else sees them', async () => {
    const rows = [
      ['Ada', 'ada@mailbox.example', 'Analytical'],
      ['Grace', 'grace@mailbox.example', '<b>Navy</b>'],
    ];
    const sheet = await sheetFixture(t.database.db, sender, { header: PEOPLE_HEADER, rows });
    const merge = await sendNow(t, sender, sheet);
    expect(
      await runMergeWorker({ database: t.database, config: t.context.config, mergeId: merge.mergeId }),
    ).toBe('completed');

    const page = (await mailbox(sender.cookie)).body;
    const ids = await t.database.execute('SELECT id, to_address FROM mail_messages WHERE from_user_id = $1', [
      sender.userId,
    ]);
    const idOf = new Map(ids.rows.map((row) => [row.to_address as string, row.id as string]));
    for (const [name, email, company] of rows) {
      const id = idOf.get(email!)!;
      // Listed only: the message is rendered (and its pixel loaded) when it is opened.
      expect(page).toContain(`<h2><a href="/mailbox/${id}">Hello ${name}</a></h2>`);
      expect(page).toContain(`To ${email}`);
      const opened = (await get(`/mailbox/${id}`, sender.cookie)).body;
      // The HTML as the recipient sees it (values escaped), itself escaped into the frame's srcdoc.
      expect(opened).toContain(asAttribute(`<p>Dear ${name} of ${escapeHtml(company!)},</p>`));
      expect(opened).toContain(
        `<iframe sandbox="allow-popups allow-popups-to-escape-sandbox" title="Message" srcdoc="${asAttribute('<base target="_blank">')}`,
      );
      expect(opened).toContain(`<a href="/mailbox/${id}/original">Show original</a>`);
    }
    expect(page).not.toContain('<iframe');

    const ada = idOf.get('ada@mailbox.example')!;
    const original = await get(`/mailbox/${ada}/original`, sender.cookie);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(original.body).toMatch(/^Subject: Hello Ada\r$/m);
    // As a receiving server records it: the VERP return path the message went out with.
    expect(original.body).toMatch(/^Return-Path: <bounces\+[a-z2-7]{50}@mergeboard\.example>\r\n/);
    expect(original.body).toMatch(
      /^List-Unsubscribe: <http:\/\/mergeboard\.example\/u\/[A-Za-z0-9_-]{42}>, <mailto:unsubscribe\+[a-z2-7]{50}@mergeboard\.example>\r$/m,
    );
    expect(original.body).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    expect(original.body).toMatch(/^List-ID: "Merge space" </m);

    const other = await senderWorld(t, { plan: 'PRO' });
    const theirs = (await mailbox(other.cookie)).body;
    expect(theirs).not.toContain('Hello Ada');
    expect(theirs).toContain(`No mail for ${other.email} yet.`);
    for (const url of [`/mailbox/${ada}`, `/mailbox/${ada}/original`, '/mailbox/not-an-id/original']) {
      expect((await get(url, other.cookie)).statusCode).toBe(404);
    }
    expect((await get(`/mailbox/${ada}/original`, '')).statusCode).toBe(404);
    expect((await get(`/mailbox/${ada}`, '')).body).toContain('Sign in to see the mail sent to you');
  });
});
