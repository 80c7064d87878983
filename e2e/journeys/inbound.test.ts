import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { viewports, runJourneys } from '../lib/browser';
import {
  composeAndSendNow,
  stillShot as shot,
  uploadFromComposer,
  waitUntilSent,
  writeReadersSheet,
} from '../lib/composer';
import { journeyEnvironment } from '../lib/environment';
import { signInAs } from '../lib/session';

/** The owner of a Premium space, which shares its Bounces list (a Pro space's paid users have no Bounces page). */
const OWNER = 'owner@initech.example';
/** The mailbox simulator's recipients (README: What comes back by mail) among ordinary ones. */
const ROWS = [
  ['Ann', 'ann@inbound.example'],
  ['Bea', 'bounce+1@simulator.test'],
  ['Cal', 'cal@inbound.example'],
  ['Sol', 'softbounce+1@simulator.test'],
  ['Dee', 'dee@inbound.example'],
  ['Cora', 'complaint+1@simulator.test'],
  ['Eli', 'eli@inbound.example'],
  ['Otto', 'ooto+1@simulator.test'],
  ['Fay', 'fay@inbound.example'],
  ['Rey', 'reply+1@simulator.test'],
] as const;
const BOUNCED = 'bounce+1@simulator.test';
const COMPLAINED = 'complaint+1@simulator.test';

/** The detail's rate row labelled `label` (a row header). */
const rateRow = (page: Page, label: string) =>
  page
    .getByRole('table', { name: 'Mail results' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });

/** The recipients list's row of `email`. */
const recipientRow = (page: Page, email: string) =>
  page
    .getByRole('region', { name: 'Recipients' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: email, exact: true }) });

describe.skipIf(!runJourneys)('journeys: what comes back by mail', () => {
  const env = journeyEnvironment();

  it('BOUNCE-001 BOUNCE-010 MM-022 MM-023 MM-024 MM-025 UNSUB-011 a 10-row merge to the mailbox simulator: Bounced 1, Responded 1 (not the out-of-office), the bounce on Bounces, the complaint on Unsubscriptions, both skipped next time (1440 and 375 px)', async () => {
    const page = await env.browser.newPage({ viewport: viewports.desktop });
    const prefix = await signInAs(page, env.server.url, OWNER);
    const sheet = writeReadersSheet('inbound-readers.csv', ROWS);
    const spreadsheet = await uploadFromComposer(page, sheet);
    await composeAndSendNow(page, {
      count: 10,
      subject: 'News for {{First name}}',
      message: 'Hello {{First name}}, our news is out.',
    });
    const sentUrl = `${env.server.url}${prefix}/mail-merges/sent`;
    const sentRow = await waitUntilSent(page, sentUrl, spreadsheet, 10);
    const detailUrl = `${env.server.url}${await sentRow.getByRole('link').first().getAttribute('href')}`;

    // The simulator answers within seconds, the reply last: the detail, opened again until it counts it.
    const responded = rateRow(page, 'Responded');
    const deadline = Date.now() + 60_000;
    for (;;) {
      await page.goto(detailUrl);
      if (/^Responded\s+1\s/.test(await responded.innerText())) break;
      if (Date.now() > deadline) throw new Error('the reply was not counted within a minute');
      await page.waitForTimeout(1_000);
    }
    // Delivered = 10 − 1 bounced; bounced of sent, responded and complaints of delivered (9).
    expect(await rateRow(page, 'Bounced').innerText()).toMatch(/^Bounced\s+1\s+10%\s*$/);
    expect(await rateRow(page, 'Delivered').innerText()).toMatch(/^Delivered\s+9\s+90%\s*$/);
    expect(await responded.innerText()).toMatch(/^Responded\s+1\s+11%\s*$/);
    expect(await rateRow(page, 'Reported as spam').innerText()).toMatch(/^Reported as spam\s+1\s+11%\s*$/);
    expect(await rateRow(page, 'Unsubscribed').innerText()).toMatch(/^Unsubscribed\s+1\s+11%\s*$/);
    expect(await recipientRow(page, BOUNCED).innerText()).toMatch(/Bounced\s+550 5\.1\.1 .*User unknown/);
    expect(await recipientRow(page, COMPLAINED).innerText()).toMatch(
      /Reported as spam \w+\. \d+, .*\d{1,2}:\d{2} [AP]M\s*$/s,
    );
    expect(await recipientRow(page, 'reply+1@simulator.test').innerText()).toMatch(/Responded/);
    expect(await recipientRow(page, 'softbounce+1@simulator.test').innerText()).toMatch(
      /Sent\s+2 soft bounces/,
    );
    // The out-of-office is kept, not counted: its row reads as any delivered one.
    expect(await recipientRow(page, 'ooto+1@simulator.test').innerText()).toMatch(/^\S+\s+Sent\s+—/);
    await shot(page, 'inbound-merge-detail-desktop');
    await recipientRow(page, 'reply+1@simulator.test').scrollIntoViewIfNeeded();
    await shot(page, 'inbound-merge-recipients-desktop');

    const bouncesUrl = `${env.server.url}${prefix}/bounces`;
    await page.goto(bouncesUrl);
    await page.getByRole('textbox', { name: 'Search' }).fill(BOUNCED);
    const bounce = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: BOUNCED, exact: true }) });
    // bounceTime in the app's date format, and the type: the space shares its list.
    expect(await bounce.innerText()).toMatch(/\d{1,2}:\d{2}\s*[AP]M\s+WORKSPACE\b/);
    await shot(page, 'inbound-bounces-desktop');

    await page.goto(`${env.server.url}${prefix}/unsubscriptions`);
    await page.getByRole('textbox', { name: 'Search' }).fill(COMPLAINED);
    await page.getByRole('cell', { name: COMPLAINED, exact: true }).waitFor();

    // A second merge from the same sheet leaves both out.
    await page.goto(sentUrl);
    await uploadFromComposer(page, sheet);
    await page.getByRole('group', { name: 'Valid' }).getByText('8', { exact: true }).waitFor();
    const skipped = page.getByRole('region', { name: 'Skipped rows (2)' });
    for (const email of [BOUNCED, COMPLAINED]) {
      await skipped
        .getByRole('row')
        .filter({ hasText: email })
        .getByText('Unsubscribed or bounced')
        .waitFor();
    }
    await page.close();

    const phone = await env.browser.newPage({ viewport: viewports.mobile });
    await signInAs(phone, env.server.url, OWNER);
    await phone.goto(detailUrl);
    await rateRow(phone, 'Bounced').getByText('10%').waitFor();
    await shot(phone, 'inbound-merge-detail-mobile');
    await recipientRow(phone, BOUNCED).scrollIntoViewIfNeeded();
    await shot(phone, 'inbound-merge-recipients-mobile');
    await phone.goto(bouncesUrl);
    await phone.getByRole('textbox', { name: 'Search' }).fill(BOUNCED);
    await phone.getByRole('cell', { name: BOUNCED, exact: true }).waitFor();
    await shot(phone, 'inbound-bounces-mobile');
    await phone.close();
  });
});
