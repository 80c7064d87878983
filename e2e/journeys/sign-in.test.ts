import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { viewports, runJourneys } from '../lib/browser';
import { journeyEnvironment } from '../lib/environment';
import { shot } from '../lib/session';
import { completeLocalSignIn } from '../lib/sign-in';

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click();
}

describe.skipIf(!runJourneys)('journeys: sign-in, onboarding, session', () => {
  // Short access tokens, so silent refresh and expiry happen within the journey. The install
  // names its own legal pages, scores and testimonials (issue 24); the other journeys run an
  // install that names none.
  const env = journeyEnvironment({
    ACCESS_TOKEN_TTL_SECONDS: '6',
    TERMS_URL: 'https://mergeboard.test/terms',
    PRIVACY_URL: 'https://mergeboard.test/privacy',
    HELP_CENTER_URL: 'https://help.mergeboard.test/',
    REVIEW_BADGES: JSON.stringify([{ score: '4.8/5', source: 'G2' }]),
    TESTIMONIALS: JSON.stringify([
      { quote: 'Our monthly updates go out in minutes, each one personal.', author: 'Operations lead, Acme' },
    ]),
  });

  it('AUTH-004 ONB-020 signs up a new address, goes through onboarding to the dashboard; AUTH-017 logs out; AUTH-006 signs in again to the asked-for page', async () => {
    const page = await env.browser.newPage({ viewport: viewports.desktop });
    // The login page with the install's own content, and what the built-in sign-in will do.
    await page.goto(`${env.server.url}/login`);
    const panel = page.getByRole('complementary', { name: 'Better inbox delivery for every merge' });
    await panel.getByText('4.8/5 on G2').waitFor();
    await panel.getByText('Our monthly updates go out in minutes, each one personal.').waitFor();
    await page.getByText('This install signs you in on its own page').waitFor();
    expect(
      await page
        .getByRole('contentinfo')
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.textContent)),
    ).toEqual(['Help center', 'Terms of service', 'Privacy policy']);
    await shot(page, 'login-configured-desktop');
    await page.setViewportSize(viewports.mobile);
    await shot(page, 'login-configured-mobile');
    await page.setViewportSize(viewports.desktop);

    await page.goto(`${env.server.url}/signup`);
    await page.getByRole('heading', { name: 'Welcome to Mergeboard' }).waitFor();
    await page.getByText('4.8/5 on G2').waitFor();
    await shot(page, 'signup-step1-desktop');
    await page.getByRole('button', { name: 'Create an account with your email' }).click();
    await completeLocalSignIn(page, { email: 'grace.hopper@navy.example', name: 'Grace Hopper' });

    await page.waitForURL(/\/get-started$/);
    await page.getByRole('heading', { name: 'Install Mergeboard' }).waitFor();
    const continueButton = page.getByRole('button', { name: 'Continue' });
    expect(await continueButton.isDisabled()).toBe(true);
    const [marketplace] = await Promise.all([
      page.waitForEvent('popup'),
      page
        .getByRole('link', { name: 'Go to Marketplace' })
        .or(page.getByRole('button', { name: 'Go to Marketplace' }))
        .click(),
    ]);
    await marketplace.close();
    await continueButton.click();
    await page.getByText('Open Google Sheets to launch Mergeboard').waitFor();
    // The dashboard's own way to send, with the sample spreadsheet the built server hands out.
    const sample = page.getByRole('link', { name: 'Download a sample spreadsheet (contacts.xlsx)' });
    const sampleUrl = new URL((await sample.getAttribute('href'))!, env.server.url);
    const download = await fetch(sampleUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/spreadsheetml/);
    await shot(page, 'onboarding-step3-desktop');
    await page.getByRole('link', { name: 'Take me to my Mergeboard dashboard' }).click();

    await openAccountMenu(page);
    await page.getByRole('menu').getByText('Grace Hopper').waitFor();
    await page.getByRole('menu').getByText('grace.hopper@navy.example').waitFor();
    await shot(page, 'dashboard-account-menu-desktop');
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => document.cookie)).not.toMatch(/SESSION_ID=/);

    await page.goto(`${env.server.url}/settings/profile?tab=2`);
    await page.waitForURL(/\/login\?continue=/);
    await page.getByRole('button', { name: 'Sign in with your email address' }).click();
    await completeLocalSignIn(page, { email: 'owner@acme.example' });
    await page.waitForURL(`${env.server.url}/settings/profile?tab=2`);
    await openAccountMenu(page);
    await page.getByRole('menu').getByText('owner@acme.example').waitFor();
    await page.close();
  });

  it('AUTH-039 AUTH-040 an unknown address gets the no-user message, and creating the account works', async () => {
    const page = await env.browser.newPage({ viewport: viewports.mobile });
    await page.goto(`${env.server.url}/login`);
    await page.getByRole('button', { name: 'Sign in with your email address' }).click();
    await completeLocalSignIn(page, { email: 'unknown.person@elsewhere.example', name: 'Unknown Person' });
    await page
      .getByText(
        "unknown.person@elsewhere.example doesn't have a Mergeboard account yet. Click below to create a new account:",
      )
      .waitFor();
    await page.getByText('Did you want to use another account?').waitFor();
    await page.getByRole('button', { name: 'Sign in with another email address' }).waitFor();
    await shot(page, 'login-no-user-mobile');
    await page.getByRole('button', { name: 'Create an account with your email' }).click();
    await completeLocalSignIn(page, { email: 'unknown.person@elsewhere.example', name: 'Unknown Person' });
    await page.waitForURL(/\/get-started$/);
    await page.close();
  });

  it('AUTH-011 refreshes silently before expiry; AUTH-012 AUTH-041 after a revoke the app returns to /login with the expiry message', async () => {
    const context = await env.browser.newContext({ viewport: viewports.desktop });
    const page = await context.newPage();
    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/v1/auth/refresh-token')) refreshes.push(response.status());
    });
    await page.goto(`${env.server.url}/login`);
    await page.getByRole('button', { name: 'Sign in with your email address' }).click();
    await completeLocalSignIn(page, { email: 'member@acme.example' });
    await page.getByRole('button', { name: /account menu/i }).waitFor();

    // Tokens live 6 s: after 9 s the app has refreshed at least once and is still signed in.
    await page.waitForTimeout(9000);
    expect(refreshes.length).toBeGreaterThanOrEqual(1);
    expect(refreshes.every((status) => status === 200)).toBe(true);
    expect(new URL(page.url()).pathname).not.toBe('/login');

    // Revoke the session from outside the page (as another device's logout would).
    const revoked = await page.evaluate(async () => {
      const sessionId = decodeURIComponent(/(?:^|; )SESSION_ID=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const token = localStorage.getItem('mb.backendIdToken') ?? '';
      const res = await fetch('/api/v1/auth/revoke', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ sessionId }),
      });
      return res.status;
    });
    expect(revoked).toBe(200);
    await page.waitForURL(/\/login/, { timeout: 15_000 });
    await page.getByText('Your session has expired, please sign in again').waitFor();
    await shot(page, 'login-session-expired-desktop');
    await context.close();
  });

  it.each(['https://evil.example/', '/..//evil.example'])(
    'AUTH-006 a continue target on another site (%s) never leaves this one',
    async (target) => {
      const page = await env.browser.newPage({ viewport: viewports.desktop });
      await page.goto(`${env.server.url}/login?continue=${encodeURIComponent(target)}`);
      await page.getByRole('button', { name: 'Sign in with your email address' }).click();
      await completeLocalSignIn(page, { email: 'admin@acme.example' });
      await page.getByRole('button', { name: /account menu/i }).waitFor();
      expect(new URL(page.url()).origin).toBe(env.server.url);
      await page.close();
    },
  );
});
