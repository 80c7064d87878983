import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { root } from '../../scripts/lib/build.mjs';
import { viewports, runJourneys } from '../lib/browser';
import { journeyEnvironment } from '../lib/environment';
import {
  badgesInFull,
  countOf,
  reloadUntil,
  stillShot as shot,
  uploadFromComposer,
  waitUntilSent,
} from '../lib/composer';
import { signInAs } from '../lib/session';

const OWNER = 'owner@acme.example';
const FREE_USER = 'pat@gmail.com';
const SAMPLE = path.join(root, 'samples/contacts.xlsx');
const SAMPLE_30 = path.join(root, 'samples/contacts-30.xlsx');
/** The first names of the sample's 16 sendable rows (2 invalid, 1 duplicate, 1 unsubscribed left out). */
const SENDABLE_FIRST_NAMES = [
  'Ada',
  'Grace',
  'Alan',
  'Katherine',
  'Linus',
  'Hedy',
  'Tim',
  'Margaret',
  'Donald',
  'Barbara',
  'Edsger',
  'Frances',
  'John',
  'Radia',
  'Ken',
  'Sophie',
];
const FREE_REFUSAL = 'Free users cannot schedule mail merges.';

/** Starts the message from the gallery's first template; returns its subject. */
async function startFromFirstTemplate(page: Page): Promise<string> {
  await page.getByRole('combobox', { name: 'Start from' }).click();
  const first = page.getByRole('listbox').getByRole('option').nth(1);
  const subject = (await first.innerText()).trim();
  await first.click();
  await page
    .getByRole('textbox', { name: 'Subject' })
    .and(page.locator(`[value="${subject}"]`))
    .waitFor();
  return subject;
}

/**
 * The gallery's templates send with the sample as they are (issue 24); a P.S. gets `{{column}}`
 * from the body's merge field picker, at the cursor, after the signature.
 */
async function insertFieldInBody(page: Page, column: string): Promise<void> {
  const body = page.getByRole('textbox', { name: 'Message' });
  await body.getByText('Best regards').click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('P.S. See you soon, ');
  await page.getByRole('button', { name: 'Insert merge field in the message' }).click();
  const picker = page.getByRole('dialog');
  await picker.getByRole('combobox', { name: 'Column' }).selectOption(column);
  await picker.getByRole('button', { name: `Insert {{${column}}}` }).click();
  await body.getByText(`P.S. See you soon, {{${column}}}`).waitFor();
}

describe.skipIf(!runJourneys)('journeys: merge engine', () => {
  const env = journeyEnvironment();

  it('CONST-015 MM-004 MM-010 the owner uploads the sample XLSX, writes from a template with {{First name}}, previews row 3, tests, sends 16', async () => {
    const page = await env.browser.newPage({ viewport: viewports.desktop });
    const prefix = await signInAs(page, env.server.url, OWNER);
    await page.getByRole('heading', { name: 'Mail merges' }).waitFor();
    const spreadsheet = await uploadFromComposer(page, SAMPLE);

    // Recipients: 20 rows, 16 valid; the skipped rows say why.
    await page.getByRole('group', { name: 'Valid' }).getByText('16', { exact: true }).waitFor();
    expect(await countOf(page, 'Invalid')).toBe('2');
    expect(await countOf(page, 'Duplicate')).toBe('1');
    expect(await countOf(page, 'Suppressed')).toBe('1');
    expect(await page.getByRole('combobox', { name: 'Email column' }).inputValue()).toBe('Email');
    const skipped = page.getByRole('region', { name: 'Skipped rows (4)' });
    await skipped.getByRole('cell', { name: 'Unsubscribed or bounced' }).waitFor();
    expect(await skipped.getByRole('cell', { name: 'Not a valid email address' }).count()).toBe(2);
    await shot(page, 'merge-composer-recipients-desktop');

    // Message: a template, {{First name}} in the subject, row 3's preview, a test to myself.
    await page.getByRole('button', { name: 'Next: Message' }).click();
    const template = await startFromFirstTemplate(page);
    expect(template).toContain('{{First name}}');
    const subjectFor = (name: string) => template.replace('{{First name}}', name);
    await insertFieldInBody(page, 'First name');
    await page.getByRole('spinbutton', { name: 'Row' }).fill('3');
    const preview = page.getByRole('region', { name: 'Preview of row 3' });
    await preview.getByText(`Subject: ${subjectFor('Alan')}`).waitFor();
    await preview.getByText('To: alan.turing@example.org').waitFor();
    const message = page.frameLocator('iframe[title="Message for row 3"]').locator('body');
    await message.getByText('Hi Alan,').waitFor();
    await message.getByText('P.S. See you soon, Alan').waitFor();
    await page.getByRole('button', { name: 'Send a test email' }).click();
    await page.getByText(`Test email for row 3 sent to ${OWNER}.`).waitFor();
    await shot(page, 'merge-composer-message-desktop');

    // Send: the summary, the confirmation, then the Scheduled list.
    await page.getByRole('button', { name: 'Next: Send' }).click();
    const summary = page.getByRole('region', { name: 'Summary' });
    await summary.getByText('16 of 20 rows').waitFor();
    expect(await page.getByRole('radio', { name: 'Schedule' }).isEnabled()).toBe(true);
    // The journeys' server asks no DNS: the sending-domain check settles as 'could not check'.
    await page
      .getByRole('region', { name: 'Sending domain' })
      .getByText('Could not check the sending domain')
      .waitFor();
    await shot(page, 'merge-composer-send-desktop');
    await page.getByRole('button', { name: 'Send now' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send this mail merge?' });
    await confirm.getByText('Send 16 emails now?').waitFor();
    await shot(page, 'merge-composer-confirm-desktop');
    await confirm.getByRole('button', { name: 'Send 16 emails' }).click();
    await page.waitForURL((url) => url.pathname === `${prefix}/mail-merges/scheduled`);
    // What happens next, and where to follow it (issue 24).
    const started = page.getByRole('status', { name: 'Mail merge started' });
    await started.getByText(`“${spreadsheet} - `).waitFor();
    await started.getByRole('link', { name: 'Follow its progress' }).waitFor();
    // While it sends, the merge is on Scheduled, IN PROGRESS with its count; a fast worker may
    // already have finished it (then it is only on Sent).
    await page.getByText(/^\d+ total$/).waitFor();
    const scheduledRow = page.getByRole('row').filter({ hasText: spreadsheet }).first();
    if ((await scheduledRow.count()) > 0)
      expect(await scheduledRow.innerText()).toMatch(/IN PROGRESS\s+\d+ \/ 16/);
    await shot(page, 'merge-engine-scheduled-desktop');
    // Said once: a reload does not say it again.
    await page.reload();
    await page.getByText(/^\d+ total$/).waitFor();
    expect(await started.count()).toBe(0);

    // The Sent list: the merge with its 16 sent.
    const sentUrl = `${env.server.url}${prefix}/mail-merges/sent`;
    const sentRow = await waitUntilSent(page, sentUrl, spreadsheet, 16);
    await shot(page, 'merge-engine-sent-desktop');

    // MM-008 an uploaded file has no Google Sheet to open: the dialog names it and downloads its rows.
    await sentRow.getByRole('link').first().click();
    const detail = page.getByRole('dialog');
    await detail.getByText(`Uploaded file: ${spreadsheet}`).waitFor();
    expect(await detail.getByRole('link', { name: 'Open in Google Sheets' }).count()).toBe(0);
    const download = page.waitForEvent('download');
    await detail.getByRole('button', { name: 'Download as CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Exported_contacts_Contacts_\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = readFileSync(await file.path(), 'utf8').split('\r\n');
    expect(rows[0]).toBe('First name,Last name,Email,Company,Full name,Signed up');
    expect(rows.filter(Boolean)).toHaveLength(21);
    await shot(page, 'merge-engine-sent-upload-dialog-desktop');
    await page.setViewportSize(viewports.mobile);
    await detail.getByRole('button', { name: 'Download as CSV' }).waitFor();
    await shot(page, 'merge-engine-sent-upload-dialog-mobile');
    await page.setViewportSize(viewports.desktop);
    await page.keyboard.press('Escape');

    // The local mailbox: the test, and the 16 messages each with its own first name.
    await page.goto(`${env.server.url}/mailbox`);
    await page.getByRole('heading', { name: 'Local mailbox' }).waitFor();
    await page
      .getByRole('heading', { name: subjectFor('Alan') })
      .first()
      .waitFor();
    for (const name of SENDABLE_FIRST_NAMES)
      expect(
        await page.getByRole('heading', { name: subjectFor(name), exact: true }).count(),
      ).toBeGreaterThan(0);
    await shot(page, 'merge-engine-mailbox-desktop');
    await page.close();
  });

  it('CONST-015 CONST-018 MM-028 MM-029 a free sender: a 30-row sheet sends 20, then waits Upon quota reset; Schedule is refused', async () => {
    const page = await env.browser.newPage({ viewport: viewports.desktop });
    const prefix = await signInAs(page, env.server.url, FREE_USER);
    const spreadsheet = await uploadFromComposer(page, SAMPLE_30);
    await page.getByRole('group', { name: 'Valid' }).getByText('30', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Next: Message' }).click();
    await startFromFirstTemplate(page);
    await insertFieldInBody(page, 'First name');
    await page.getByRole('button', { name: 'Next: Send' }).click();

    // CONST-018: Schedule refused with the spec's reason; the summary says what today's quota allows.
    expect(await page.getByRole('radio', { name: 'Schedule' }).isDisabled()).toBe(true);
    await page.getByText(FREE_REFUSAL).waitFor();
    await page
      .getByText("Today's quota covers 20 of the 30 recipients; the rest go out when your quota resets")
      .waitFor();
    await shot(page, 'merge-composer-free-send-desktop');
    await page.getByRole('button', { name: 'Send now' }).click();
    await page
      .getByRole('dialog', { name: 'Send this mail merge?' })
      .getByRole('button', { name: 'Send 30 emails' })
      .click();
    await page.waitForURL((url) => url.pathname === `${prefix}/mail-merges/scheduled`);

    // MM-028: 20 sent, then IN PROGRESS with no next run: 'Upon quota reset'.
    const row = page.getByRole('row').filter({ hasText: spreadsheet }).first();
    await reloadUntil(
      page,
      `${env.server.url}${prefix}/mail-merges/scheduled`,
      async () => (await row.count()) > 0 && (await row.innerText()).includes('Upon quota reset'),
      "the merge waiting 'Upon quota reset'",
    );
    expect(await row.innerText()).toContain('20 / 30');
    await shot(page, 'merge-engine-free-scheduled-desktop');
    // MM-030 at 375 px its status badge reads in full.
    await page.setViewportSize(viewports.mobile);
    expect(await badgesInFull(page)).toEqual(['Waiting for quota']);
    await shot(page, 'merge-engine-free-scheduled-mobile');
    await page.close();
  });

  it('the composer is desktop only: at 375 px it shows the desktop notice', async () => {
    const page = await env.browser.newPage({ viewport: viewports.mobile });
    const prefix = await signInAs(page, env.server.url, OWNER);
    await page.goto(`${env.server.url}${prefix}/mail-merges/new`);
    await page.getByText('To create a mail merge, please visit the desktop version.').waitFor();
    expect(await page.getByRole('button', { name: 'Choose a file' }).count()).toBe(0);
    await shot(page, 'merge-composer-mobile');
    await page.close();
  });
});
