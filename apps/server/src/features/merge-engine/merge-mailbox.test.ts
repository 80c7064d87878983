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
  const mailbox = (cookie: string) => t.app.inject({ method: 'GET', url: '/mailbox', headers: { cookie } });

  beforeAll(async () => {
    t = await createTestApp();
    sender = await senderWorld(t, { plan: 'PRO' });
  });
  afterAll(() => t.close());

  it('shows the sender each message they sent, rendered with its own row, and nobody else', async () => {
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
    for (const [name, email, company] of rows) {
      expect(page).toContain(`<h2>Hello ${name}</h2>`);
      expect(page).toContain(`To ${email}`);
      // The HTML as the recipient sees it (values escaped), itself escaped into the frame's srcdoc.
      expect(page).toContain(asAttribute(`<p>Dear ${name} of ${escapeHtml(company!)},</p>`));
    }
    expect(page).toContain('<iframe sandbox');

    const other = await senderWorld(t, { plan: 'PRO' });
    const theirs = (await mailbox(other.cookie)).body;
    expect(theirs).not.toContain('Hello Ada');
    expect(theirs).toContain(`No mail for ${other.email} yet.`);
  });
});
