import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { viewports, runJourneys } from '../lib/browser';
import {
  badgesInFull,
  composeAndSendNow,
  reloadUntil,
  stillShot as shot,
  uploadFromComposer,
  waitUntilSent,
  writeReadersSheet,
} from '../lib/composer';
import { journeyEnvironment } from '../lib/environment';
import { signInAs } from '../lib/session';

const OWNER = 'owner@initech.example';
const SUBJECT = 'Breaker news for';
/** 100 rows: the mailbox simulator's `bounce+N` addresses at every second row of the first 20. */
const ROWS = Array.from({ length: 100 }, (_, i) =>
  i < 20 && i % 2 === 1
    ? [`Bo${i}`, `bounce+${(i + 1) / 2}@simulator.test`]
    : [`Pat${i}`, `pat${i}@breaker.example`],
);
const BOUNCES = ROWS.filter(([, email]) => email!.startsWith('bounce+')).map(([, email]) => email!);
const ORDINARY = ROWS.filter(([, email]) => !email!.startsWith('bounce+')).map(([, email]) => email!);

/** The Scheduled list's row of the merge named after `spreadsheet`. */
const scheduledRow = (page: Page, spreadsheet: string) =>
  page.getByRole('row').filter({ hasText: spreadsheet }).first();

describe.skipIf(!runJourneys)('journeys: the circuit breaker', () => {
  // Small batches at 5 messages a second, one worker: the simulator's bounces (2 s after each
  // message) come back while the merge is still sending, as they would from real servers.
  const env = journeyEnvironment({
    MERGE_BATCH_SIZE: '10',
    SMTP_RATE_PER_SECOND: '5',
    MERGE_WORKERS_PER_MERGE: '1',
  });

  it('a merge of 100 rows with 10 bouncing addresses pauses itself; the detail says why and lists the bounces; Resume sends the rest, each row once (1440 and 375 px)', async () => {
    const page = await env.browser.newPage({ viewport: viewports.desktop });
    const prefix = await signInAs(page, env.server.url, OWNER);
    const spreadsheet = await uploadFromComposer(page, writeReadersSheet('breaker-readers.csv', ROWS));
    await composeAndSendNow(page, {
      count: 100,
      subject: `${SUBJECT} {{First name}}`,
      message: 'Hello {{First name}}, our news is out.',
    });

    // The Scheduled tab shows it Paused (orange), never 'Upon quota reset'.
    const scheduledUrl = `${env.server.url}${prefix}/mail-merges/scheduled`;
    const row = scheduledRow(page, spreadsheet);
    await reloadUntil(
      page,
      scheduledUrl,
      async () =>
        (await row.count()) > 0 &&
        (await row.locator('.mantine-Badge-root', { hasText: 'Paused' }).count()) > 0,
      'the merge pausing itself',
    );
    expect(await row.getByRole('cell').last().innerText()).toBe('Paused');
    await shot(page, 'circuit-breaker-scheduled-desktop');

    // Its dialog says why with the figures and lists the 10 bounces once they have all come back.
    const dialogUrl = `${env.server.url}${await row.getByRole('link').first().getAttribute('href')}`;
    const dialog = page.getByRole('dialog');
    const deadline = Date.now() + 60_000;
    for (;;) {
      await page.goto(dialogUrl);
      await dialog.getByText('Paused: too many hard bounces').waitFor();
      const heading = dialog.getByRole('heading', { name: /^Hard bounces/ });
      await heading.waitFor();
      if ((await heading.innerText()) === 'Hard bounces (10)') break;
      if (Date.now() > deadline) throw new Error('the 10 bounces were not listed within a minute');
      await page.waitForTimeout(1_000);
    }
    expect(await dialog.getByRole('status').first().innerText()).toMatch(
      /\d+ hard bounces in \d+ messages sent \(\d+(\.\d)? %\), above the 5 % allowed once 50 are sent\./,
    );
    const listed = dialog.getByRole('list', { name: 'Hard bounces' }).getByRole('listitem');
    for (const email of BOUNCES) {
      expect(await listed.filter({ hasText: email }).innerText()).toMatch(/5\.1\.1/);
    }
    await shot(page, 'circuit-breaker-dialog-desktop');

    const phone = await env.browser.newPage({ viewport: viewports.mobile });
    await signInAs(phone, env.server.url, OWNER);
    await phone.goto(dialogUrl);
    await phone.getByRole('dialog').getByRole('heading', { name: 'Hard bounces (10)' }).waitFor();
    await shot(phone, 'circuit-breaker-dialog-mobile');
    await phone.goto(scheduledUrl);
    // The badge reads in full at 375 px.
    expect(await badgesInFull(phone)).toEqual(['Paused']);
    await shot(phone, 'circuit-breaker-scheduled-mobile');
    await phone.close();

    // Resume: the rest goes out, and the merge leaves the Scheduled list.
    const resumed = page.waitForResponse((res) => res.url().endsWith('/resume'));
    await dialog.getByRole('button', { name: 'Resume' }).click();
    expect((await resumed).status()).toBe(200);
    await waitUntilSent(page, `${env.server.url}${prefix}/mail-merges/sent`, spreadsheet, 100);

    // Every row that did not bounce got exactly one message (the sender's local mailbox keeps each).
    await page.goto(`${env.server.url}/mailbox`);
    const delivered = await page
      .locator('article')
      .filter({ has: page.getByRole('heading', { name: new RegExp(`^${SUBJECT} `) }) })
      .locator('p.meta')
      .allInnerTexts();
    const to = delivered.map((meta) => /^To (\S+)/.exec(meta)![1]!);
    expect(to).toHaveLength(ORDINARY.length);
    expect([...to].sort()).toEqual([...ORDINARY].sort());
    await page.close();
  });
});
