import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { viewports, runJourneys } from '../lib/browser';
import { journeyEnvironment } from '../lib/environment';
import { badgesInFull } from '../lib/composer';
import { callApi, shot, signInAs } from '../lib/session';

interface SentItem {
  id: string;
  title: string;
}
interface PollItem {
  info: string;
  count: number;
}
interface ScheduledItem {
  scheduledMergeId: string;
  title: string;
  status: string;
}

/** The owner's own sent merges and the first one with poll answers (the demo has one per owner). */
async function findPollCampaign(page: Page): Promise<{ campaign: SentItem; answers: PollItem[] }> {
  const list = await callApi(page, 'GET', '/api/users/me/campaigns?limit=100&limitOffset=0');
  expect(list.status).toBe(200);
  for (const campaign of (list.body as { items: SentItem[] }).items) {
    const poll = await callApi(page, 'GET', `/api/users/me/campaigns/${campaign.id}/pollResults`);
    const answers = (poll.body as { items?: PollItem[] }).items ?? [];
    if (poll.status === 200 && answers.some((answer) => answer.count > 0)) return { campaign, answers };
  }
  throw new Error('the demo owner has no sent mail merge with poll answers');
}

/** The count and percentage cells of one row of the Mail results table. */
async function rateRow(table: Locator, label: string): Promise<{ count: number; percent: string }> {
  const cells = table.getByRole('row', { name: new RegExp(`^${label}\\b`) }).getByRole('cell');
  // German locale: '1.234' is one thousand two hundred and thirty-four.
  const count = Number((await cells.nth(0).innerText()).replace(/\./g, ''));
  return { count, percent: (await cells.nth(1).innerText()).trim() };
}

describe.skipIf(!runJourneys)('journeys: mail merges', () => {
  const env = journeyEnvironment();

  it('MM-004 MM-005 MM-006 MM-008 MM-022 MM-024 MM-025 MM-020 opens a sent campaign with its Mail results, then its Poll results', async () => {
    const page = await env.browser.newPage({ viewport: viewports.desktop });
    const prefix = await signInAs(page, env.server.url, 'owner@acme.example');
    const sentBase = `${env.server.url}${prefix}/mail-merges/sent`;
    await page.getByRole('heading', { name: 'Mail merges' }).waitFor();
    await page.getByRole('group', { name: 'Scheduled mail merges' }).waitFor();
    // MM-004: search, date range and export over the table.
    await page.getByRole('textbox', { name: 'Search' }).waitFor();
    await page.getByRole('combobox', { name: 'Date range' }).waitFor();
    const exportButton = page.getByRole('button', { name: 'Export' });
    const { campaign, answers } = await findPollCampaign(page);
    const link = page.locator(`a[href^="${prefix}/mail-merges/sent/${campaign.id}"]`);
    await page.getByText(/^\d+ total$/).waitFor();
    await shot(page, 'mail-merges-sent-desktop');
    // CONST-012: the search reaches the server 200 ms after typing; wait for the filtered list.
    const filtered = page.waitForResponse(
      (response) => response.url().includes('/api/users/me/campaigns?') && response.url().includes('search'),
    );
    await page.getByRole('textbox', { name: 'Search' }).fill(campaign.title);
    await filtered;
    await page.waitForURL((url) => url.searchParams.get('search') === campaign.title);
    await link.waitFor();
    expect(await exportButton.isEnabled()).toBe(true);

    // MM-005: the row opens the dialog at {sent}/{id}.
    await link.click();
    await page.waitForURL((url) => url.pathname === `${prefix}/mail-merges/sent/${campaign.id}`);
    const dialog = page.getByRole('dialog', { name: campaign.title });
    const results = dialog.getByRole('table', { name: 'Mail results' });
    await results.waitFor();
    expect(await dialog.getByRole('tab', { name: 'Mail results' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    // MM-022 MM-024 MM-025: delivered = sent − bounced, as a rounded share of sent.
    const sent = await rateRow(results, 'Sent');
    const delivered = await rateRow(results, 'Delivered');
    const bounced = await rateRow(results, 'Bounced');
    const opened = await rateRow(results, 'Opened');
    expect(sent.count).toBeGreaterThan(0);
    expect(delivered.count).toBe(sent.count - bounced.count);
    expect(delivered.percent).toBe(`${Math.round((delivered.count / sent.count) * 100)}%`);
    expect(bounced.percent).toBe(`${Math.round((bounced.count / sent.count) * 100)}%`);
    // MM-023: opened is relative to delivered.
    expect(opened.percent).toBe(`${Math.round((opened.count / delivered.count) * 100)}%`);
    // MM-008
    expect(await dialog.getByRole('link', { name: 'Open in Google Sheets' }).getAttribute('href')).toMatch(
      /^https:\/\/docs\.google\.com\/spreadsheets\/d\//,
    );
    await shot(page, 'campaign-dialog-desktop');

    // MM-006: the Poll results tab lives at the dialog path + /poll.
    await dialog.getByRole('tab', { name: 'Poll results' }).click();
    await page.waitForURL((url) => url.pathname.endsWith(`/sent/${campaign.id}/poll`));
    const poll = dialog.getByRole('table', { name: 'Poll results' });
    await poll.waitFor();
    const total = answers.reduce((sum, answer) => sum + answer.count, 0);
    for (const answer of answers) {
      const row = poll.getByRole('row', { name: new RegExp(`^${answer.info}\\b`) });
      await row.waitFor();
      const cells = row.getByRole('cell');
      expect(await cells.nth(1).innerText()).toBe(String(answer.count));
      expect(await cells.nth(2).innerText()).toBe(`${Math.round((answer.count / total) * 100)}%`);
    }
    await shot(page, 'campaign-dialog-poll-desktop');

    // A direct visit of the poll path opens the same tab (the URL is the state).
    await page.goto(`${sentBase}/${campaign.id}/poll`);
    await page.getByRole('dialog').getByRole('table', { name: 'Poll results' }).waitFor();
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === `${prefix}/mail-merges/sent`);
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // The same screens at 375 px.
    await page.setViewportSize(viewports.mobile);
    await page.goto(sentBase);
    await page.getByRole('button', { name: 'Open navigation' }).waitFor();
    await page.getByText(/^\d+ total$/).waitFor();
    await shot(page, 'mail-merges-sent-mobile');
    await page.goto(`${sentBase}/${campaign.id}`);
    await page.getByRole('dialog').getByRole('table', { name: 'Mail results' }).waitFor();
    await shot(page, 'campaign-dialog-mobile');
    await page.close();
  });

  it('MM-010 MM-011 MM-043 MM-044 MM-045 cancels a scheduled merge: banner, dialog closed, row gone, counter down', async () => {
    const page = await env.browser.newPage({ viewport: viewports.desktop });
    const prefix = await signInAs(page, env.server.url, 'owner@acme.example');
    const scheduled = await callApi(page, 'GET', '/api/users/me/scheduled-campaigns?limit=100&limitOffset=0');
    expect(scheduled.status).toBe(200);
    const items = (scheduled.body as { items: ScheduledItem[] }).items;
    const merge = items.find((item) => item.status === 'SCHEDULED');
    if (!merge) throw new Error('the demo owner has no merge waiting to be sent');
    const counter = page.getByRole('group', { name: 'Scheduled mail merges' });
    await counter.getByText(String(items.length), { exact: true }).waitFor();

    await page.getByRole('tab', { name: 'Scheduled' }).click();
    await page.waitForURL((url) => url.pathname === `${prefix}/mail-merges/scheduled`);
    const link = page.locator(`a[href^="${prefix}/mail-merges/scheduled/${merge.scheduledMergeId}"]`);
    await link.waitFor();
    await shot(page, 'mail-merges-scheduled-desktop');
    // MM-030 at 375 px the status badges read in full.
    await page.setViewportSize(viewports.mobile);
    expect(new Set(await badgesInFull(page))).toEqual(new Set(['Scheduled', 'Error']));
    await shot(page, 'mail-merges-scheduled-mobile');
    await page.setViewportSize(viewports.desktop);
    await link.click();
    await page.waitForURL((url) => url.pathname.endsWith(`/scheduled/${merge.scheduledMergeId}`));
    const dialog = page.getByRole('dialog', { name: merge.title });
    await dialog.getByText('Delivery date:').waitFor();
    await dialog.getByRole('link', { name: 'Open in Google Sheets' }).waitFor();
    const cancel = dialog.getByRole('button', { name: 'Cancel mail merge' });
    expect(await cancel.isEnabled()).toBe(true);
    await shot(page, 'scheduled-dialog-desktop');

    await cancel.click();
    const banner = page.getByRole('alert').filter({ hasText: 'Mail merge cancelled.' });
    await banner.waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.pathname === `${prefix}/mail-merges/scheduled`);
    await link.waitFor({ state: 'detached' });
    await counter.getByText(String(items.length - 1), { exact: true }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await shot(page, 'scheduled-cancelled-desktop');

    // MM-045: the banner can be dismissed; after a reload the merge is still gone (server side).
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('table').first().waitFor();
    expect(await link.count()).toBe(0);
    const after = await callApi(page, 'GET', '/api/users/me/scheduled-campaigns?limit=100&limitOffset=0');
    expect(
      (after.body as { items: ScheduledItem[] }).items.map((item) => item.scheduledMergeId),
    ).not.toContain(merge.scheduledMergeId);
    await page.close();
  });
  it('MM-028 MM-038 only a merge waiting for the quota reads "Upon quota reset"; one stopped by an error says what went wrong', async () => {
    const page = await env.browser.newPage({ viewport: viewports.desktop });
    const prefix = await signInAs(page, env.server.url, 'owner@acme.example');
    const scheduled = await callApi(page, 'GET', '/api/users/me/scheduled-campaigns?limit=100&limitOffset=0');
    const merge = (scheduled.body as { items: ScheduledItem[] }).items.find(
      (item) => item.status === 'DRAFT NOT FOUND',
    );
    if (!merge) throw new Error('the demo owner has no merge stopped by DRAFT NOT FOUND');
    await page.goto(`${env.server.url}${prefix}/mail-merges/scheduled`);
    const row = page
      .getByRole('row')
      .filter({ has: page.locator(`a[href^="${prefix}/mail-merges/scheduled/${merge.scheduledMergeId}"]`) });
    await row.waitFor();
    await row.getByText('Error', { exact: true }).waitFor();
    await row.locator(`a[href^="${prefix}/mail-merges/scheduled/"]`).click();
    const dialog = page.getByRole('dialog', { name: merge.title });
    await dialog
      .getByText('The draft was deleted. Please create a new draft and schedule a new mail merge.')
      .waitFor();
    // Its sending will not resume when the quota resets: that text belongs to IN PROGRESS merges
    // without a next run (MM-028), not to an error without one.
    expect(await dialog.getByText('Upon quota reset').count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await row.getByText('Upon quota reset').count()).toBe(0);
    await page.close();
  });
});
