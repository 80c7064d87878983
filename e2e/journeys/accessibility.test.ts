import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, formatViolations } from '../lib/axe';
import { runJourneys, screenshotDir, viewports } from '../lib/browser';
import { journeyEnvironment } from '../lib/environment';
import { callApi, signInAs } from '../lib/session';
import { completeLocalSignIn } from '../lib/sign-in';

type Width = keyof typeof viewports;

/**
 * The gate of one test: `checkAt` runs axe on the page as it stands at one width, `check` at
 * 1440 px then 375 px and back to 1440 px. Failures are collected, so one run names every page
 * that fails rather than the first one. A11Y_SHOTS=1 also takes a screenshot of each state
 * checked (e2e/screenshots/a11y-*.png), to look at what a colour change did; A11Y_REPORT=file
 * appends each state's violations to that file as JSON lines, clean states included.
 */
function createGate() {
  const failures: string[] = [];
  async function checkAt(page: Page, label: string, width: Width) {
    await page.setViewportSize(viewports[width]);
    const violations = await axeViolations(page);
    if (process.env.A11Y_REPORT)
      appendFileSync(process.env.A11Y_REPORT, `${JSON.stringify({ label, width, violations })}\n`);
    if (process.env.A11Y_SHOTS === '1')
      await page.screenshot({
        path: path.join(screenshotDir, `a11y-${label.replace(/\W+/g, '-')}-${width}.png`),
        fullPage: true,
      });
    if (violations.length > 0)
      failures.push(formatViolations(`${label} at ${viewports[width].width} px`, violations));
  }
  async function check(page: Page, label: string) {
    await checkAt(page, label, 'desktop');
    await checkAt(page, label, 'mobile');
    await page.setViewportSize(viewports.desktop);
  }
  const report = () => (failures.length ? `\n${failures.join('\n\n')}\n` : '');
  return { check, checkAt, report };
}

describe.skipIf(!runJourneys)('journey: accessibility gate (axe-core, WCAG 2.1 AA)', () => {
  const env = journeyEnvironment();

  it('A11Y: login, sign-up, the sign-in issuer, the no-account message and onboarding steps 2 and 3 are axe-clean at WCAG 2.1 AA at 1440 and 375 px', async () => {
    const { check, report } = createGate();
    const page = await env.browser.newPage({ viewport: viewports.desktop });

    await page.goto(`${env.server.url}/login`);
    await page.getByRole('heading', { name: 'Welcome to Mergeboard' }).waitFor();
    await check(page, 'login');

    await page.getByRole('button', { name: 'Sign in with your email address' }).click();
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.getByLabel('Email address').waitFor();
    await check(page, 'sign-in issuer');

    await completeLocalSignIn(page, { email: 'a11y.person@elsewhere.example', name: 'Ada Lovelace' });
    await page.getByText('Did you want to use another account?').waitFor();
    await check(page, 'login with the no-account message');

    await page.goto(`${env.server.url}/signup`);
    await page.getByRole('heading', { name: 'Welcome to Mergeboard' }).waitFor();
    await check(page, 'sign-up');

    await page.getByRole('button', { name: 'Create an account with your email' }).click();
    await completeLocalSignIn(page, { email: 'a11y.person@elsewhere.example', name: 'Ada Lovelace' });
    await page.waitForURL(/\/get-started$/);
    await page.getByRole('heading', { name: 'Install Mergeboard' }).waitFor();
    await check(page, 'onboarding step 2');

    const [marketplace] = await Promise.all([
      page.waitForEvent('popup'),
      page
        .getByRole('link', { name: 'Go to Marketplace' })
        .or(page.getByRole('button', { name: 'Go to Marketplace' }))
        .click(),
    ]);
    await marketplace.close();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Open Google Sheets to launch Mergeboard').waitFor();
    await check(page, 'onboarding step 3');
    await page.close();

    expect(report()).toBe('');
  }, 240_000);

  it('A11Y: the shell (account and space menus, new-space dialog, navigation drawer), mail merges sent (loading and loaded) and scheduled with their dialogs are axe-clean at WCAG 2.1 AA at 1440 and 375 px', async () => {
    const { check, checkAt, report } = createGate();
    const page = await env.browser.newPage({ viewport: viewports.desktop });
    const prefix = await signInAs(page, env.server.url, 'owner@acme.example');

    // Mail merges, Sent, while its list loads (the list's answer held back), then loaded; the
    // shell's menus and drawer over it.
    const isList = (url: URL) => url.pathname === '/api/users/me/campaigns';
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(isList, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await page.getByRole('status', { name: 'Loading' }).first().waitFor();
    await check(page, 'mail merges sent while its list loads');
    release();
    await page.unrouteAll({ behavior: 'wait' });
    await page.getByText(/^\d+ total$/).waitFor();
    await check(page, 'mail merges sent');
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menu').getByText('owner@acme.example').waitFor();
    await check(page, 'account menu');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });

    // The space menu and the new-space dialog: from the sidebar at 1440 px, from the navigation
    // drawer (which exists at 375 px only) at 375 px.
    for (const width of ['desktop', 'mobile'] as const) {
      await page.setViewportSize(viewports[width]);
      if (width === 'mobile') {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await page
          .getByRole('navigation', { name: 'Main navigation' })
          .getByRole('link', { name: 'Team report' })
          .waitFor();
        await checkAt(page, 'navigation drawer', width);
      }
      await page.getByRole('button', { name: 'Space menu' }).click();
      await page.getByRole('menuitem', { name: 'Create space' }).waitFor();
      await checkAt(page, 'space menu', width);
      await page.getByRole('menuitem', { name: 'Create space' }).click();
      const dialog = page.getByRole('dialog', { name: 'New space' });
      await dialog.getByLabel('Space name').fill('abc');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await dialog.getByText('Space name should contain at least 5 characters.').waitFor();
      await checkAt(page, 'new-space dialog with its error', width);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    await page.setViewportSize(viewports.desktop);

    // A sent merge's dialog, both tabs.
    await page.locator(`a[href^="${prefix}/mail-merges/sent/"]`).first().click();
    const campaign = page.getByRole('dialog');
    await campaign.getByRole('table', { name: 'Mail results' }).waitFor();
    await check(page, 'sent merge dialog, Mail results');
    await campaign.getByRole('tab', { name: 'Poll results' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/poll'));
    await campaign
      .getByRole('table', { name: 'Poll results' })
      // MM-007's help link, plain text on an install that names no help center (the journeys' own).
      .or(campaign.getByText('Learn how to add a poll to your mail merge'))
      .waitFor();
    await check(page, 'sent merge dialog, Poll results');
    await page.keyboard.press('Escape');
    await campaign.waitFor({ state: 'detached' });

    // Scheduled, and a scheduled merge's dialog.
    await page.getByRole('tab', { name: 'Scheduled' }).click();
    const scheduledLink = page.locator(`a[href^="${prefix}/mail-merges/scheduled/"]`).first();
    await scheduledLink.waitFor();
    await check(page, 'mail merges scheduled');
    await scheduledLink.click();
    await page.getByRole('dialog').getByText('Delivery date:').waitFor();
    await check(page, 'scheduled merge dialog');
    await page.close();

    expect(report()).toBe('');
  }, 240_000);

  it('A11Y: unsubscriptions (an invalid address, the added and already-there banners, the delete dialog), team report, space settings general (new-owner options, transfer dialog) are axe-clean at WCAG 2.1 AA at 1440 and 375 px', async () => {
    const { check, report } = createGate();
    const page = await env.browser.newPage({ viewport: viewports.desktop });
    const base = `${env.server.url}${await signInAs(page, env.server.url, 'owner@acme.example')}`;

    await page.goto(`${base}/unsubscriptions`);
    const deleteButton = page.getByRole('button', { name: /^Delete / }).first();
    await deleteButton.waitFor();
    await check(page, 'unsubscriptions');
    const input = page.getByRole('textbox', { name: 'Email addresses to unsubscribe' });
    await input.fill('not-an-email');
    await input.press('Enter');
    await page.locator('[data-invalid]').getByText('Email is invalid').waitFor();
    await check(page, 'unsubscriptions with an invalid address');
    const unsubscribe = page.getByRole('button', { name: 'Unsubscribe', exact: true });
    const banner = page.getByRole('alert');
    await input.fill('a11y.unsubscribed@example.com ');
    await unsubscribe.click();
    await banner.filter({ hasText: '1 email address(es) successfully unsubscribed.' }).waitFor();
    await check(page, 'unsubscriptions with the added banner');
    await input.fill('a11y.unsubscribed@example.com ');
    await unsubscribe.click();
    await banner.filter({ hasText: 'These email addresses were already unsubscribed.' }).waitFor();
    await check(page, 'unsubscriptions with the already-unsubscribed banner');
    await deleteButton.click();
    await page.getByRole('dialog', { name: 'Delete unsubscribed email address' }).waitFor();
    await check(page, 'unsubscriptions delete dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.goto(`${base}/team-report`);
    await page.getByRole('table', { name: 'Team members' }).getByText('owner@acme.example').waitFor();
    await check(page, 'team report');

    await page.goto(`${base}/space/general`);
    await page.getByRole('heading', { name: 'Transfer ownership' }).waitFor();
    await check(page, 'space settings general');
    await page.getByRole('combobox', { name: 'New owner' }).click();
    await page.getByRole('option', { name: /admin@acme.example/ }).waitFor();
    await check(page, 'space settings general, new-owner options');
    await page.getByRole('option', { name: /admin@acme.example/ }).click();
    await page.getByRole('button', { name: 'Transfer ownership' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).waitFor();
    await check(page, 'transfer ownership dialog');
    await page.close();

    expect(report()).toBe('');
  }, 240_000);

  it('A11Y: templates, a template preview, the compose consent page and the imported-draft banner are axe-clean at WCAG 2.1 AA at 1440 and 375 px', async () => {
    const { check, report } = createGate();
    const page = await env.browser.newPage({ viewport: viewports.desktop });
    const base = `${env.server.url}${await signInAs(page, env.server.url, 'owner@acme.example')}`;

    await page.goto(`${base}/templates`);
    const card = page.getByTestId('template-card').first();
    await card.waitFor();
    await check(page, 'templates');
    await card.getByRole('link', { name: /^Preview / }).click();
    await page.frameLocator('iframe[title="Template preview"]').locator('body').waitFor();
    await check(page, 'template preview dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await card.getByRole('button', { name: /^Import / }).click();
    await page.getByRole('button', { name: 'Allow' }).waitFor();
    await check(page, 'compose consent (sign-in issuer)');
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/templates'));
    await card.getByRole('link', { name: 'Open' }).waitFor();
    await check(page, 'templates with an imported draft and its banner');
    await page.close();

    expect(report()).toBe('');
  }, 240_000);

  it('A11Y: bounces (a free member), the invitation page, a refused invitation banner and the local mailbox are axe-clean at WCAG 2.1 AA at 1440 and 375 px', async () => {
    const { check, report } = createGate();
    const page = await env.browser.newPage({ viewport: viewports.desktop });
    const prefix = await signInAs(page, env.server.url, 'free.member@acme.example');

    await page.goto(`${env.server.url}${prefix}/bounces`);
    await page.getByRole('heading', { name: 'Bounces' }).waitFor();
    const input = page.getByRole('textbox', { name: 'Email addresses to add to the bounce list' });
    await input.fill('a11y.bounced@example.com ');
    await page.getByRole('button', { name: 'Add to bounce list' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: '1 email address(es) successfully added to bounce list.' })
      .waitFor();
    await page.getByRole('button', { name: 'Delete a11y.bounced@example.com' }).waitFor();
    await check(page, 'bounces with its list and result banner');

    await page.goto(`${env.server.url}/invitations/a11y-unknown-token`);
    await page.getByRole('heading', { name: 'You have been invited to a space' }).waitFor();
    await check(page, 'invitation');
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.waitForURL(/\/mail-merges\/sent$/);
    await page.getByRole('alert').waitFor();
    await page.getByRole('heading', { name: 'Mail merges' }).waitFor();
    await check(page, 'mail merges sent with a refused invitation banner');
    await page.close();

    // The local mailbox: to an anonymous visitor a sign-in prompt; to the invitee, signed in, their
    // invitation mail (it shows each person only the mail sent to them). Acme Europe's owner
    // invites owner@acme.example, who has an account, so signing in comes back to the mailbox.
    const inviter = await env.browser.newPage({ viewport: viewports.desktop });
    await signInAs(inviter, env.server.url, 'admin@acme.example');
    const me = await callApi(inviter, 'GET', '/api/v2/users/me?includeWorkspaces=true');
    const europe = (
      me.body as { userWorkspaces: { workspaceId: string; workspaceName: string }[] }
    ).userWorkspaces.find((space) => space.workspaceName === 'Acme Europe')!;
    const invited = await callApi(inviter, 'POST', `/api/v1/workspaces/${europe.workspaceId}/invitations`, {
      emails: ['owner@acme.example'],
    });
    expect(invited.status).toBe(200);
    await inviter.close();
    const inviteeContext = await env.browser.newContext({ viewport: viewports.desktop });
    const invitee = await inviteeContext.newPage();
    await invitee.goto(`${env.server.url}/mailbox`);
    await invitee.getByRole('link', { name: 'Sign in' }).waitFor();
    await check(invitee, 'local mailbox, signed out');
    await invitee.getByRole('link', { name: 'Sign in' }).click();
    await invitee.getByRole('button', { name: 'Sign in with your email address' }).click();
    await completeLocalSignIn(invitee, { email: 'owner@acme.example' });
    await invitee.waitForURL(`${env.server.url}/mailbox`);
    await invitee
      .getByRole('link', { name: /\/invitations\/.+\/accept$/ })
      .first()
      .waitFor();
    await check(invitee, 'local mailbox');
    await inviteeContext.close();

    expect(report()).toBe('');
  }, 240_000);
});
