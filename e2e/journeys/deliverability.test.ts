import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { viewports, runJourneys } from '../lib/browser';
import { composeAndSendNow, uploadFromComposer, waitUntilSent, writeReadersSheet } from '../lib/composer';
import { journeyEnvironment } from '../lib/environment';
import { callApi, shot, signInAs } from '../lib/session';

const OWNER = 'owner@acme.example';
const MEMBER = 'member@acme.example';
/** The demo has bounces and unsubscribes but no complaint: the mailbox simulator makes one of each. */
const ROWS = [
  ['Ann', 'ann@deliverability.example'],
  ['Bea', 'bounce+7@simulator.test'],
  ['Cal', 'cal@deliverability.example'],
  ['Cora', 'complaint+7@simulator.test'],
  ['Dee', 'dee@deliverability.example'],
] as const;

async function sendToSimulator(page: Page, baseUrl: string, prefix: string) {
  const spreadsheet = await uploadFromComposer(page, writeReadersSheet('deliverability-readers.csv', ROWS));
  await composeAndSendNow(page, {
    count: ROWS.length,
    subject: 'Deliverability for {{First name}}',
    message: 'Hello {{First name}}.',
  });
  await waitUntilSent(page, `${baseUrl}${prefix}/mail-merges/sent`, spreadsheet, ROWS.length);
}

describe.skipIf(!runJourneys)('journeys: deliverability page', () => {
  const env = journeyEnvironment();

  it("the demo space's deliverability with a bounce and a complaint from the mailbox simulator: rates against the providers' lines, charts, senders, bounce reasons; a member sees their own (1440 and 375 px)", async () => {
    const page = await env.browser.newPage({ viewport: viewports.desktop });
    const prefix = await signInAs(page, env.server.url, OWNER);
    await sendToSimulator(page, env.server.url, prefix);

    // The simulator answers within seconds: the page's figures are read until they count both.
    const api = `/api/v1/workspaces/${prefix.split('/')[1]}/deliverability`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { body } = await callApi(page, 'GET', api);
      const week = (body as { totals: { last7Days: { complained: number; hardBounced: number } } }).totals
        .last7Days;
      if (week.complained >= 1 && week.hardBounced >= 1) break;
      if (Date.now() > deadline)
        throw new Error('the bounce and the complaint were not counted within a minute');
      await page.waitForTimeout(1_000);
    }

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Deliverability' })
      .click();
    await page.waitForURL((url) => url.pathname === `${prefix}/space/deliverability`);
    const week = page.getByRole('group', { name: 'Last 7 days' });
    await week.waitFor();
    // Each rate with its line in words, and a band in words beside the colour.
    await week.getByText('Good under 2.00 %, dangerous from 5.00 %').waitFor();
    await week.getByText('Good under 0.10 %, rejected from 0.30 %').waitFor();
    expect(await week.locator('[data-band]').count()).toBe(2);
    // The composer checked the domain before Send; journeys' DNS answers nothing (DNS_SERVERS
    // refuses), so the page shows that check as it was taken: could not check, and when.
    const domain = page.getByRole('group', { name: 'Sending domain acme.example' });
    await domain.getByText('Could not check').waitFor();
    await domain.getByText(/^Checked .*, for sending from 127\.0\.0\.1$/).waitFor();
    // The charts (their library loads with this page) with the providers' lines drawn across.
    const bounces = page.getByRole('figure', { name: 'Hard-bounce rate' });
    await bounces.getByText('Dangerous 5 %').waitFor();
    await page.getByRole('figure', { name: 'Complaint rate' }).getByText('Rejected 0.3 %').waitFor();
    const senders = page.getByRole('table', { name: 'Senders' });
    await senders.getByText(OWNER).waitFor();
    await page
      .getByRole('table', { name: 'Top bounce reasons' })
      .getByText(/550 5\.1\.1/)
      .waitFor();
    await page.getByText('No merge has paused itself.').waitFor();
    await shot(page, 'deliverability-owner-desktop');
    await page.close();

    // 375 px: the charts fit the width, the senders table scrolls in its box and says so.
    const phone = await env.browser.newPage({ viewport: viewports.mobile });
    await signInAs(phone, env.server.url, OWNER);
    await phone.goto(`${env.server.url}${prefix}/space/deliverability`);
    await phone.getByRole('figure', { name: 'Complaint rate' }).getByText('Rejected 0.3 %').waitFor();
    await phone.getByRole('region', { name: 'Senders, scrolls sideways' }).waitFor();
    await phone.locator('[data-scroll-cue="end"]').waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(phone, 'deliverability-owner-mobile');
    await phone.close();

    // A member: their own figures only, no senders table.
    const member = await env.browser.newPage({ viewport: viewports.desktop });
    await signInAs(member, env.server.url, MEMBER);
    await member
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Deliverability' })
      .click();
    await member.getByRole('heading', { name: 'Your rates' }).waitFor();
    await member.getByText('Your own merges in this space. Owners and admins see every sender.').waitFor();
    expect(await member.getByRole('table', { name: 'Senders' }).count()).toBe(0);
    await shot(member, 'deliverability-member-desktop');
    await member.close();
  });
});
