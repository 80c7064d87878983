import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { settle } from './axe';
import { shot as takeShot } from './session';

// What the journeys through the composer and the merge lists share.

/**
 * The page from its top (a full-page picture of a scrolled page draws the fixed header mid-way)
 * once it is still (a dialog fading in is half drawn), then axe-checked.
 */
export async function stillShot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page);
  await takeShot(page, name);
}

/**
 * Opens the composer from the Sent page's button and picks `file` with 'Choose a file'; returns
 * the spreadsheet's name as the page shows it (the lists name a merge after it).
 */
export async function uploadFromComposer(page: Page, file: string): Promise<string> {
  await page.getByRole('link', { name: 'New mail merge' }).click();
  await page.getByRole('heading', { name: 'New mail merge' }).waitFor();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles(file);
  const shown = page.getByText(/^Spreadsheet: /);
  return (await shown.locator('strong').first().innerText()).trim();
}

/** The number on one of the Recipients step's count cards. */
export async function countOf(page: Page, label: string): Promise<string> {
  return (await page.getByRole('group', { name: label }).locator('p').nth(1).innerText()).trim();
}

/** Reloads `url` until `done` holds (the workers send in the background). */
export async function reloadUntil(page: Page, url: string, done: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    await page.goto(url);
    await page.getByRole('table').waitFor();
    if (await done()) return;
    await page.waitForTimeout(1_000);
  }
  throw new Error(`${what} did not happen within a minute`);
}

/** Reloads the Sent list until the merge named after `spreadsheet` shows `count` sent; answers its row. */
export async function waitUntilSent(page: Page, sentUrl: string, spreadsheet: string, count: number) {
  const sentRow = page.getByRole('row').filter({ hasText: spreadsheet }).first();
  await reloadUntil(
    page,
    sentUrl,
    async () =>
      (await sentRow.count()) > 0 && (await sentRow.getByRole('cell').nth(1).innerText()) === String(count),
    `the Sent list showing ${count} sent`,
  );
  return sentRow;
}

/**
 * The status badges of the list on the page, each checked to read in full: neither the badge nor
 * its label cuts its text (at 375 px they once read 'SCH…', 'ERR…', 'WAITIN…'), and the list
 * still fits the screen. Answers their texts. Checked until it holds or 10 s pass: right after a
 * change of viewport the page still shows the desktop layout until it has re-rendered for the phone.
 */
export async function badgesInFull(page: Page): Promise<string[]> {
  const badges = page.getByRole('table').locator('.mantine-Badge-root');
  await badges.first().waitFor();
  const problem = async (): Promise<string | null> => {
    const cut = await badges.evaluateAll((roots) =>
      roots
        .filter((root) =>
          [root, root.querySelector('.mantine-Badge-label')!].some(
            (box) => box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight,
          ),
        )
        .map((root) => root.textContent),
    );
    if (cut.length > 0) return `status badges cut short: ${cut.join(', ')}`;
    // And the list fits the screen: no column pushed out of sight to make room for them.
    const overflow = await page
      .getByRole('table')
      .evaluate((table) => table.getBoundingClientRect().right - document.documentElement.clientWidth);
    return overflow > 0 ? `the list is ${overflow} px wider than the screen` : null;
  };
  const deadline = Date.now() + 10_000;
  let found = await problem();
  while (found && Date.now() < deadline) {
    await page.waitForTimeout(250);
    found = await problem();
  }
  if (found) throw new Error(found);
  return badges.allTextContents();
}

/** A sheet of readers (`First name,Email` and one row each) in a fresh folder; answers its path. */
export function writeReadersSheet(fileName: string, rows: ReadonlyArray<readonly string[]>): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'mb-journey-')), fileName);
  writeFileSync(file, ['First name,Email', ...rows.map((row) => row.join(','))].join('\r\n'));
  return file;
}

/**
 * From the Recipients step of an uploaded sheet: waits for its `count` valid rows, writes the
 * subject and the message, and sends now, confirming the `count` emails.
 */
export async function composeAndSendNow(
  page: Page,
  { count, subject, message }: { count: number; subject: string; message: string },
): Promise<void> {
  await page.getByRole('group', { name: 'Valid' }).getByText(String(count), { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Next: Message' }).click();
  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await page.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(message);
  await page.getByRole('button', { name: 'Next: Send' }).click();
  await page.getByRole('button', { name: 'Send now' }).click();
  await page
    .getByRole('dialog', { name: 'Send this mail merge?' })
    .getByRole('button', { name: `Send ${count} emails` })
    .click();
}
