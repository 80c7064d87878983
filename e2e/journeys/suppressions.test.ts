import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { viewports, runJourneys } from '../lib/browser';
import { journeyEnvironment } from '../lib/environment';
import { callApi, shot, signInAs, spacePrefixOf } from '../lib/session';

const NEW_ADDRESS = 'new.person@example.com';

/** Types into the list's search box and waits until the server answered the filtered list. */
async function searchList(page: Page, term: string) {
  const answered = page.waitForResponse(
    (response) =>
      /\/(unsubscriptions|bounces)\?/.test(response.url()) &&
      (term === '' ? !response.url().includes('search') : response.url().includes('search')),
  );
  await page.getByRole('textbox', { name: 'Search' }).fill(term);
  await answered;
}

const emailCell = (page: Page, email: string) =>
  page.getByRole('table').getByRole('cell', { name: email, exact: true });

/** The delete button of the first row: the list has loaded with rows. */
const firstDeleteButton = (page: Page) => page.getByRole('button', { name: /^Delete / }).first();

/** Signs in as member@acme.example and switches to Acme Europe (Premium: shared lists); its URL prefix. */
async function openAcmeEuropeAsMember(page: Page, baseUrl: string): Promise<string> {
  await signInAs(page, baseUrl, 'member@acme.example');
  await page.getByRole('button', { name: 'Space menu' }).click();
  await page.getByRole('menuitem', { name: /Acme Europe/ }).click();
  await page.getByRole('button', { name: 'Space menu' }).filter({ hasText: 'Acme Europe' }).waitFor();
  return spacePrefixOf(page.url());
}

describe.skipIf(!runJourneys)('journeys: unsubscriptions and bounces', () => {
  const env = journeyEnvironment();

  it('UNSUB-002 UNSUB-004 UNSUB-007 UNSUB-008 UNSUB-010 UNSUB-001 CONST-010 adds (skipping an invalid tag), warns when already there, exports, deletes behind a confirmation', async () => {
    const page = await env.browser.newPage({ viewport: viewports.desktop });
    const prefix = await signInAs(page, env.server.url, 'owner@acme.example');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Unsubscriptions' })
      .click();
    await page.waitForURL((url) => url.pathname === `${prefix}/unsubscriptions`);
    await page.getByRole('heading', { name: 'Unsubscriptions' }).waitFor();
    await firstDeleteButton(page).waitFor();

    // UNSUB-002: two tags, one of them invalid.
    const input = page.getByRole('textbox', { name: 'Email addresses to unsubscribe' });
    const unsubscribe = page.getByRole('button', { name: 'Unsubscribe', exact: true });
    expect(await unsubscribe.isDisabled()).toBe(true);
    await input.fill(`${NEW_ADDRESS}, not-an-email`);
    await input.press('Enter');
    const invalidTag = page.locator('[data-invalid]').filter({ hasText: 'not-an-email' });
    await invalidTag.getByText('Email is invalid').waitFor();
    expect(await page.locator('[data-invalid]').filter({ hasText: NEW_ADDRESS }).count()).toBe(0);
    expect(await unsubscribe.isEnabled()).toBe(true);

    // UNSUB-004 UNSUB-007: only the valid address is sent.
    const added = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().includes('add-unsubscriptions'),
    );
    await unsubscribe.click();
    expect((await added).postDataJSON()).toMatchObject({ emailAddresses: [NEW_ADDRESS] });
    const banner = page.getByRole('alert');
    await banner.filter({ hasText: '1 email address(es) successfully unsubscribed.' }).waitFor();
    await searchList(page, 'new.person');
    await emailCell(page, NEW_ADDRESS).waitFor();
    await shot(page, 'unsubscriptions-added-desktop');

    // UNSUB-008: the same address again is a warning.
    await input.fill(NEW_ADDRESS);
    await input.press('Enter');
    await unsubscribe.click();
    await banner.filter({ hasText: 'These email addresses were already unsubscribed.' }).waitFor();
    await shot(page, 'unsubscriptions-already-desktop');

    // UNSUB-001 / CONST-010: the export, with the search cleared, holds the new address.
    await searchList(page, '');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^Exported_.+_${today}\\.csv$`));
    expect(download.suggestedFilename()).toBe(`Exported_Unsubscriptions_${today}.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('email,unsubscriptionTime,type');
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.some((line) => line.startsWith(`${NEW_ADDRESS},`))).toBe(true);

    // UNSUB-010: deleting asks first; Cancel keeps the address, Delete removes it.
    await searchList(page, NEW_ADDRESS);
    await emailCell(page, NEW_ADDRESS).waitFor();
    await page.getByRole('button', { name: `Delete ${NEW_ADDRESS}` }).click();
    let confirm = page.getByRole('dialog', { name: 'Delete unsubscribed email address' });
    await confirm.getByText(`${NEW_ADDRESS} will be able to receive your mail merges again.`).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await emailCell(page, NEW_ADDRESS).count()).toBe(1);

    await page.getByRole('button', { name: `Delete ${NEW_ADDRESS}` }).click();
    confirm = page.getByRole('dialog', { name: 'Delete unsubscribed email address' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await banner.filter({ hasText: '1 unsubscribed email address successfully deleted.' }).waitFor();
    await emailCell(page, NEW_ADDRESS).waitFor({ state: 'detached' });
    await page.getByText('No results found').waitFor();
    // Still gone after a reload: the server deleted it.
    await page.reload();
    await page.getByText('No results found').waitFor();
    expect(await emailCell(page, NEW_ADDRESS).count()).toBe(0);
    await page.close();
  });

  it('UNSUB-001 UNSUB-007 UNSUB-014 at 375 px: no export, the result banner over the list, each address in two lines at most; the Premium link leads to how to get it', async () => {
    const page = await env.browser.newPage({ viewport: viewports.mobile });
    const prefix = await signInAs(page, env.server.url, 'owner@acme.example');
    await page.goto(`${env.server.url}${prefix}/unsubscriptions`);
    await firstDeleteButton(page).waitFor();
    expect(await page.getByRole('button', { name: 'Export' }).count()).toBe(0);
    // Issue 24: the paid Pro space is told which plan shares the list (and where to get it).
    await page.getByRole('link', { name: 'See how to get Premium on the Billing page' }).waitFor();
    // Issue 24: an address took up to five lines; now its name and '@', then its domain.
    const lines = await page
      .getByRole('table')
      .locator('tbody td:first-child > span')
      .evaluateAll((addresses) =>
        addresses.map((address) =>
          Math.round(
            address.getBoundingClientRect().height / parseFloat(getComputedStyle(address).lineHeight),
          ),
        ),
      );
    expect(lines.length).toBeGreaterThan(0);
    expect(Math.max(...lines)).toBe(2);
    const input = page.getByRole('textbox', { name: 'Email addresses to unsubscribe' });
    await input.fill('mobile.person@example.com second.mobile@example.com ');
    await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: '2 email address(es) successfully unsubscribed.' })
      .waitFor();
    await shot(page, 'unsubscriptions-banner-mobile');
    // The link leads to a Billing page that says how this per-seat space gets Premium.
    await page.getByRole('link', { name: 'See how to get Premium on the Billing page' }).click();
    await page
      .getByRole('region', { name: 'Premium' })
      .getByText('Seats are sold on the Pro plan.', { exact: false })
      .waitFor();
    await shot(page, 'billing-premium-mobile');
    await page.close();
  });

  it('PERM-015 BOUNCE-001 BOUNCE-002 BOUNCE-003 BOUNCE-007 BOUNCE-008 a free member adds to the bounce list (desktop and 375 px); a paid user of a PRO space has no bounces page', async () => {
    // PERM-015 (as written): on a PRO space the page is hidden from users who are not FREE.
    const owner = await env.browser.newPage({ viewport: viewports.desktop });
    const ownerPrefix = await signInAs(owner, env.server.url, 'owner@acme.example');
    const nav = owner.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Unsubscriptions' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Bounces' }).count()).toBe(0);
    await owner.goto(`${env.server.url}${ownerPrefix}/bounces`);
    await owner.waitForURL((url) => url.pathname.startsWith(`${ownerPrefix}/mail-merges`));
    await owner.close();

    const page = await env.browser.newPage({ viewport: viewports.desktop });
    const prefix = await signInAs(page, env.server.url, 'free.member@acme.example');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Bounces' })
      .click();
    await page.waitForURL((url) => url.pathname === `${prefix}/bounces`);
    await page.getByRole('heading', { name: 'Bounces' }).waitFor();
    const input = page.getByRole('textbox', { name: 'Email addresses to add to the bounce list' });
    await input.fill('bounced.person@example.com,also-bad ');
    await page
      .locator('[data-invalid]')
      .filter({ hasText: 'also-bad' })
      .getByText('Email is invalid')
      .waitFor();
    const add = page.getByRole('button', { name: 'Add to bounce list' });
    await add.click();
    const banner = page.getByRole('alert');
    await banner.filter({ hasText: '1 email address(es) successfully added to bounce list.' }).waitFor();
    await emailCell(page, 'bounced.person@example.com').waitFor();
    const table = page.getByRole('table');
    for (const header of ['Email', 'Bounce time', 'Type'])
      await table.getByRole('columnheader', { name: header }).waitFor();
    expect(await page.getByRole('button', { name: 'Export' }).isEnabled()).toBe(true);
    await input.fill('bounced.person@example.com ');
    await add.click();
    await banner.filter({ hasText: 'These email addresses were already on the bounce list.' }).waitFor();
    await shot(page, 'bounces-desktop');

    await page.setViewportSize(viewports.mobile);
    await page.goto(`${env.server.url}${prefix}/bounces`);
    await page.getByRole('button', { name: 'Open navigation' }).waitFor();
    await emailCell(page, 'bounced.person@example.com').waitFor();
    expect(await page.getByRole('button', { name: 'Export' }).count()).toBe(0);
    await shot(page, 'bounces-mobile');
    await page.close();
  });

  it('UNSUB-013 UNSUB-016 BOUNCE-012 BOUNCE-014 in the shared lists of Acme Europe a member cannot delete WORKSPACE-type entries, in the page or through the API', async () => {
    const page = await env.browser.newPage({ viewport: viewports.desktop });
    const prefix = await openAcmeEuropeAsMember(page, env.server.url);
    expect(prefix).toMatch(/\/acme-europe$/);
    const workspaceId = prefix.split('/')[1]!;
    const nav = page.getByRole('navigation', { name: 'Main navigation' });

    const lists = [
      {
        link: 'Unsubscriptions',
        path: 'unsubscriptions',
        api: 'workspace-activation-delete-unsubscriptions',
        shotName: 'unsubscriptions-shared-member-desktop',
      },
      {
        link: 'Bounces',
        path: 'bounces',
        api: 'workspace-activation-delete-bounces',
        shotName: 'bounces-shared-member-desktop',
      },
    ] as const;
    for (const list of lists) {
      const loaded = page.waitForResponse((response) =>
        response.url().includes(`/workspaces/${workspaceId}/${list.path}?`),
      );
      await nav.getByRole('link', { name: list.link }).click();
      await page.waitForURL((url) => url.pathname === `${prefix}/${list.path}`);
      await page.getByRole('heading', { name: list.link }).waitFor();
      await loaded;
      await firstDeleteButton(page).waitFor();
      // UNSUB-013 / BOUNCE-012: the list is shared (no upgrade notice).
      expect(await page.getByText('This list is not shared with your space.').count()).toBe(0);
      const rows = page.getByRole('table').getByRole('row');
      const shared = rows.filter({ has: page.getByRole('cell', { name: 'WORKSPACE', exact: true }) }).first();
      const own = rows.filter({ has: page.getByRole('cell', { name: 'USER', exact: true }) }).first();
      await shared.waitFor();
      const email = (await shared.getByRole('cell').first().innerText()).trim();
      // UNSUB-016 / BOUNCE-014: the shared entry's Delete is disabled; her own entries are not.
      expect(await shared.getByRole('button', { name: `Delete ${email}` }).isDisabled()).toBe(true);
      if ((await own.count()) > 0)
        expect(await own.getByRole('button', { name: /^Delete / }).isEnabled()).toBe(true);
      await shot(page, list.shotName);

      // The real API refuses the same deletion for her.
      const refused = await callApi(
        page,
        'DELETE',
        `/api/users/${list.api}/me/${workspaceId}/${encodeURIComponent(email)}`,
      );
      expect(refused.status, JSON.stringify(refused.body)).toBe(403);
      await page.reload();
      await firstDeleteButton(page).waitFor();
      await searchList(page, email);
      await emailCell(page, email).waitFor();
      expect(await page.getByRole('button', { name: `Delete ${email}` }).isDisabled()).toBe(true);
    }

    await page.setViewportSize(viewports.mobile);
    await page.goto(`${env.server.url}${prefix}/bounces`);
    await page.getByRole('button', { name: 'Open navigation' }).waitFor();
    await firstDeleteButton(page).waitFor();
    await shot(page, 'bounces-shared-member-mobile');
    await page.close();
  });

  it('UNSUB-001 BOUNCE-001 at 375 px the lists fit the screen: no sideways scrolling to reach Delete', async () => {
    const page = await env.browser.newPage({ viewport: viewports.desktop });
    const prefix = await openAcmeEuropeAsMember(page, env.server.url);
    await page.setViewportSize(viewports.mobile);
    const overflow: Record<string, number> = {};
    for (const path of ['unsubscriptions', 'bounces'] as const) {
      await page.goto(`${env.server.url}${prefix}/${path}`);
      await page.getByRole('button', { name: 'Open navigation' }).waitFor();
      await firstDeleteButton(page).waitFor();
      overflow[path] = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    }
    expect(overflow).toEqual({ unsubscriptions: 0, bounces: 0 });
    await page.close();
  });
});
