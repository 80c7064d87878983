import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, viewports, runJourneys } from '../lib/browser';
import { stillShot as shot, uploadFromComposer, waitUntilSent } from '../lib/composer';
import { journeyEnvironment } from '../lib/environment';
import { signInAs } from '../lib/session';

const OWNER = 'owner@acme.example';
const READERS = Array.from({ length: 10 }, (_, i) => ({
  first: `Reader${i + 1}`,
  email: `reader${i + 1}@tracking.example`,
}));
const subjectFor = (first: string) => `Our autumn news, ${first}`;
const QUESTION = 'Will you come to the launch?';
/**
 * A person's mail client, not a test robot: headless Chromium's own user agent says HeadlessChrome,
 * which the hit classifier counts as a machine, as it should (README: How opens and clicks are
 * counted).
 */
const PERSON_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** The 10-row sheet: a first name and an address per row. */
function writeSheet(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'mb-tracking-')), 'autumn-readers.csv');
  writeFileSync(file, ['First name,Email', ...READERS.map((r) => `${r.first},${r.email}`)].join('\r\n'));
  return file;
}

/** The mailbox's link to the message sent to `first`, as a path (/mailbox/{id}). */
async function messagePath(page: Page, baseUrl: string, first: string): Promise<string> {
  await page.goto(`${baseUrl}/mailbox`);
  const link = page.getByRole('link', { name: subjectFor(first), exact: true });
  return (await link.getAttribute('href'))!;
}

/** Opens one message in the mailbox as a mail client does: its images (the pixel) load. */
async function openMessage(page: Page, baseUrl: string, first: string) {
  await page.goto(`${baseUrl}${await messagePath(page, baseUrl, first)}`);
  const message = page.frameLocator('iframe').first();
  await message.getByText(`Hello ${first},`).waitFor();
  // The open pixel is the message's last image: opened once it has loaded.
  await message
    .locator('img')
    .last()
    .evaluate((img: HTMLImageElement) =>
      img.complete ? undefined : new Promise((resolve) => img.addEventListener('load', resolve)),
    );
  return message;
}

/** Follows a link of the open message: it opens in a new tab, as the mailbox's links do. */
async function follow(context: BrowserContext, click: () => Promise<void>): Promise<Page> {
  const opened = context.waitForEvent('page');
  await click();
  const tab = await opened;
  await tab.waitForLoadState();
  return tab;
}

describe.skipIf(!runJourneys)('journeys: what recipients do comes back', () => {
  const env = journeyEnvironment();

  it('MM-006 MM-020 MM-022 MM-023 MM-024 MM-025 RES-001 RES-003 UNSUB-011 a 10-row merge with a link and a poll: 3 opened, 2 clicked, 1 answered (then changed), 1 unsubscribed by one-click; the second merge skips the address (1440 and 375 px)', async () => {
    const person = await launchBrowser({ userAgent: PERSON_USER_AGENT });
    const context = await person.newContext({ viewport: viewports.desktop });
    const page = await context.newPage();
    const prefix = await signInAs(page, env.server.url, OWNER);
    const sheet = writeSheet();
    const spreadsheet = await uploadFromComposer(page, sheet);
    await page.getByRole('group', { name: 'Valid' }).getByText('10', { exact: true }).waitFor();

    // The message: a link typed in the body (the editor makes it a link), a poll of two answers.
    await page.getByRole('button', { name: 'Next: Message' }).click();
    await page.getByRole('textbox', { name: 'Subject' }).fill('Our autumn news, {{First name}}');
    const body = page.getByRole('textbox', { name: 'Message' });
    await body.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(`Hello {{First name}}, the programme is at ${env.server.url}/login `);
    await body.locator('a').waitFor();
    expect(await page.getByRole('switch', { name: 'Track opens' }).isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Track clicks' }).isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Unsubscribe link' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Add a poll' }).click();
    await page.getByRole('textbox', { name: 'Question' }).fill(QUESTION);
    await page.getByRole('textbox', { name: 'Answer 1' }).fill('Yes');
    await page.getByRole('textbox', { name: 'Answer 2' }).fill('No');
    await shot(page, 'tracking-composer-options-desktop');
    await page.getByRole('button', { name: 'Next: Send' }).click();
    await page.getByRole('button', { name: 'Send now' }).click();
    await page
      .getByRole('dialog', { name: 'Send this mail merge?' })
      .getByRole('button', { name: 'Send 10 emails' })
      .click();
    const sentUrl = `${env.server.url}${prefix}/mail-merges/sent`;
    const sentRow = await waitUntilSent(page, sentUrl, spreadsheet, 10);
    // A hit within 5 s of delivery is a machine's (a scanner at the gateway): a person reads later.
    await page.waitForTimeout(5_500);

    // Three people open the message; two of them follow the link; one answers the poll, then changes it.
    const [first, second, third, fourth] = READERS;
    for (const reader of [first!, second!]) {
      const message = await openMessage(page, env.server.url, reader.first);
      const tab = await follow(context, () => message.getByRole('link', { name: /\/login$/ }).click());
      expect(new URL(tab.url()).pathname).toBe('/login');
      await tab.close();
    }
    let message = await openMessage(page, env.server.url, third!.first);
    await shot(page, 'tracking-mailbox-message-desktop');
    await message.getByText(QUESTION).waitFor();
    let tab = await follow(context, () => message.getByRole('link', { name: 'Yes', exact: true }).click());
    await tab.getByRole('heading', { name: 'Thanks, your response has been recorded' }).waitFor();
    await shot(tab, 'tracking-form-response-desktop');
    await tab.close();
    message = await openMessage(page, env.server.url, third!.first);
    tab = await follow(context, () => message.getByRole('link', { name: 'No', exact: true }).click());
    await tab.getByRole('heading', { name: 'Thanks, your response has been recorded' }).waitFor();
    await tab.close();

    // The fourth reader's mail client unsubscribes with one click: a POST to List-Unsubscribe,
    // without cookies, read from the message's original (the message itself is never opened).
    const original = await context.request.get(
      `${env.server.url}${await messagePath(page, env.server.url, fourth!.first)}/original`,
    );
    const source = await original.text();
    expect(source).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const unsubscribeUrl = /^List-Unsubscribe: <([^>]+)>/m.exec(source)![1]!;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await fetch(unsubscribeUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
        redirect: 'manual',
      });
      expect(answer.status).toBe(200);
    }

    // The merge's detail: 3 opened, 2 clicked, 1 responded and 1 unsubscribed of 10 delivered.
    await page.goto(sentUrl);
    await sentRow.getByRole('link').first().click();
    const dialog = page.getByRole('dialog');
    const results = dialog.getByRole('table', { name: 'Mail results' });
    const rowOf = (label: string) =>
      results.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
    await rowOf('Opened').getByRole('cell', { name: '3', exact: true }).waitFor();
    expect(await rowOf('Delivered').innerText()).toMatch(/10\s+100%/);
    // Every hit was a person's: nothing is shown apart as a scanner's.
    expect(await rowOf('Opened').innerText()).toMatch(/^Opened\s+3\s+30%\s*$/);
    expect(await rowOf('Clicked').innerText()).toMatch(/2\s+20%/);
    expect(await rowOf('Responded').innerText()).toMatch(/1\s+10%/);
    expect(await rowOf('Unsubscribed').innerText()).toMatch(/1\s+10%/);
    await shot(page, 'tracking-merge-detail-desktop');
    await dialog.getByRole('tab', { name: 'Poll results' }).click();
    const poll = dialog.getByRole('table', { name: 'Poll results' });
    await poll.getByRole('row', { name: /^No\s+1\s+100%$/ }).waitFor();
    await poll.getByRole('row', { name: /^Yes\s+0\s+0%$/ }).waitFor();
    await shot(page, 'tracking-poll-results-desktop');

    // The address is on Unsubscriptions; a second merge from the same sheet leaves it out.
    await page.goto(`${env.server.url}${prefix}/unsubscriptions`);
    await page.getByRole('textbox', { name: 'Search' }).fill(fourth!.email);
    await page.getByRole('cell', { name: fourth!.email, exact: true }).waitFor();
    await shot(page, 'tracking-unsubscriptions-desktop');
    await page.goto(sentUrl);
    await uploadFromComposer(page, sheet);
    await page.getByRole('group', { name: 'Valid' }).getByText('9', { exact: true }).waitFor();
    await page.getByRole('group', { name: 'Suppressed' }).getByText('1', { exact: true }).waitFor();
    await context.close();

    // The same detail on a phone.
    const phone = await person.newContext({ viewport: viewports.mobile });
    const mobile = await phone.newPage();
    await signInAs(mobile, env.server.url, OWNER);
    await mobile.goto(sentUrl);
    await mobile.getByRole('row').filter({ hasText: spreadsheet }).first().getByRole('link').first().click();
    await mobile.getByRole('table', { name: 'Mail results' }).getByText('30%').waitFor();
    await shot(mobile, 'tracking-merge-detail-mobile');
    await mobile.goto(`${env.server.url}/mailbox`);
    await shot(mobile, 'tracking-mailbox-mobile');
    // The visible unsubscribe link's page asks before it does anything.
    const fifth = await phone.request.get(
      `${env.server.url}${await messagePath(mobile, env.server.url, READERS[4]!.first)}/original`,
    );
    await mobile.goto(/^List-Unsubscribe: <([^>]+)>/m.exec(await fifth.text())![1]!);
    await mobile.getByRole('button', { name: 'Unsubscribe' }).waitFor();
    await shot(mobile, 'tracking-unsubscribe-page-mobile');
    await person.close();
  });
});
