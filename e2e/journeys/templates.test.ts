import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { viewports, runJourneys } from '../lib/browser';
import { journeyEnvironment } from '../lib/environment';
import { shot, signInAs } from '../lib/session';

const OWNER = 'owner@acme.example';
const MOBILE_TEXT = 'To use one of these templates, please visit the desktop version.';

/** The subjects of the gallery's cards, in order. */
async function cardSubjects(page: Page): Promise<string[]> {
  const cards = page.getByTestId('template-card');
  await cards.first().waitFor();
  const subjects: string[] = [];
  for (const card of await cards.all()) {
    const label = await card.getByRole('link', { name: /^Preview / }).getAttribute('aria-label');
    subjects.push(label!.replace(/^Preview /, ''));
  }
  return subjects;
}

/**
 * Clicks Import and follows wherever it leads: straight to the result, or through the local
 * issuer (sign-in page if its session is gone, then its consent page: Allow) and back to the
 * templates page, where the import either resumes by itself or is clicked again.
 */
async function importTemplate(
  page: Page,
  subject: string,
): Promise<{ viaIssuer: boolean; consent: boolean; clickedAgain: boolean }> {
  const created = page.getByText(`${subject} Gmail draft created`);
  const allow = page.getByRole('button', { name: 'Allow' });
  const emailField = page.getByLabel('Email address');
  const importButton = page.getByRole('button', { name: `Import ${subject}` });
  let viaIssuer = false;
  let consent = false;
  let clickedAgain = false;
  await importButton.click();
  for (let step = 0; step < 6; step += 1) {
    await created.or(allow).or(emailField).first().waitFor({ timeout: 30_000 });
    if (await created.isVisible()) return { viaIssuer, consent, clickedAgain };
    viaIssuer = true;
    if (await allow.isVisible()) {
      consent = true;
      await page.getByText(`Signed in as ${OWNER}.`).waitFor();
      await shot(page, 'compose-consent-desktop');
      await allow.click();
    } else {
      await emailField.fill(OWNER);
      await page.getByRole('button', { name: 'Continue' }).click();
    }
    // Back on the templates page: the import resumes by itself, or is asked for again.
    await page.waitForURL((url) => url.pathname.endsWith('/templates') || url.pathname.includes('/oidc/'));
    if (!url(page).includes('/oidc/')) {
      // The app resumes the refused import by itself; only if it does not, Import is clicked again.
      const resumed = await created.waitFor({ timeout: 15_000 }).then(
        () => true,
        () => false,
      );
      if (resumed) return { viaIssuer, consent, clickedAgain };
      clickedAgain = true;
      await importButton.click();
    }
  }
  throw new Error(`the import of ${subject} did not finish`);
}

const url = (page: Page) => new URL(page.url()).pathname;

describe.skipIf(!runJourneys)('journeys: templates', () => {
  const env = journeyEnvironment();

  it('TPL-001 TPL-002 TPL-003 at 375 px the gallery shows the desktop-only text and no Import; a card opens its preview', async () => {
    const page = await env.browser.newPage({ viewport: viewports.mobile });
    const prefix = await signInAs(page, env.server.url, OWNER);
    await page.goto(`${env.server.url}${prefix}/templates`);
    await page.getByRole('heading', { name: 'Templates' }).waitFor();
    await page.getByText(MOBILE_TEXT).waitFor();
    const subjects = await cardSubjects(page);
    expect(subjects.length).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: /^Import / }).count()).toBe(0);
    await shot(page, 'templates-mobile');

    // TPL-002: the preview dialog at {templates}/{id}, still without Import.
    await page.getByRole('link', { name: `Preview ${subjects[0]}` }).click();
    await page.waitForURL((next) => /\/templates\/[^/]+$/.test(next.pathname));
    const dialog = page.getByRole('dialog', { name: subjects[0] });
    await dialog.locator('iframe[title="Template preview"]').waitFor();
    expect(await dialog.getByRole('button', { name: /^Import / }).count()).toBe(0);
    await page.close();
  });

  it('TPL-004 TPL-007 TPL-008 imports on desktop: asks for the compose permission once (local issuer consent), then the banner and Open', async () => {
    const page = await env.browser.newPage({ viewport: viewports.desktop });
    const composeTrips: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/auth/authorize') && request.url().includes('compose=1'))
        composeTrips.push(request.url());
    });
    const prefix = await signInAs(page, env.server.url, OWNER);
    await page.goto(`${env.server.url}${prefix}/templates`);
    await page.getByRole('heading', { name: 'Templates' }).waitFor();
    const [first, second] = await cardSubjects(page);
    expect(await page.getByText(MOBILE_TEXT).count()).toBe(0);
    await shot(page, 'templates-desktop');

    // First import: the permission is asked for through the issuer, then the draft is created.
    const firstImport = await importTemplate(page, first!);
    expect(firstImport).toMatchObject({ viaIssuer: true, consent: true });
    expect(composeTrips.length).toBeGreaterThanOrEqual(1);
    expect(url(page)).toBe(`${prefix}/templates`);
    const firstCard = page.getByTestId('template-card').filter({ hasText: first! });
    await firstCard.getByRole('link', { name: 'Open' }).waitFor();
    expect(await firstCard.getByRole('button', { name: `Import ${first!}` }).count()).toBe(0);
    await shot(page, 'templates-imported-desktop');

    // Second import: the permission is already there, no trip to the issuer.
    const tripsBefore = composeTrips.length;
    const secondImport = await importTemplate(page, second!);
    expect(secondImport.viaIssuer).toBe(false);
    expect(composeTrips.length).toBe(tripsBefore);
    await page
      .getByTestId('template-card')
      .filter({ hasText: second! })
      .getByRole('link', { name: 'Open' })
      .waitFor();

    // TPL-008: kept per template, after a reload.
    await page.reload();
    await firstCard.getByRole('link', { name: 'Open' }).waitFor();
    await page.close();
  });
});
