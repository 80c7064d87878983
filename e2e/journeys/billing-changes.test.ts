import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { viewports, runJourneys } from '../lib/browser';
import { journeyEnvironment } from '../lib/environment';
import { settle } from '../lib/axe';
import { callApi, shot, signInAs, spacePrefixOf } from '../lib/session';

interface SubscriptionRow {
  subscriptionId: string;
  workspacePlan: string;
  billingInterval: string;
  scheduledChanges: { targetBillingInterval: string } | null;
  subscriptionPaymentPlans?: { totalSeats: number; assignedSeats: number }[];
}

interface MemberRow {
  email: string;
  plan: string;
}

/** Acme Europe's live subscription, as its owner reads it through the API. */
async function liveSubscription(page: Page, workspaceId: string): Promise<SubscriptionRow> {
  const answer = await callApi(
    page,
    'GET',
    `/api/workspace-billing/workspaces/${workspaceId}/subscriptions/v1?includePlans=true`,
  );
  expect(answer.status).toBe(200);
  const [live] = (answer.body as { items: SubscriptionRow[] }).items;
  return live!;
}

/** A member's user plan in the space, as the members list answers it. */
async function planOf(page: Page, workspaceId: string, email: string): Promise<string | undefined> {
  const answer = await callApi(page, 'GET', `/api/v1/workspaces/${workspaceId}/members`);
  expect(answer.status).toBe(200);
  return (answer.body as { items: MemberRow[] }).items.find((member) => member.email === email)?.plan;
}

/**
 * Signs in as admin@acme.example (ADMIN of Acme Sales, where he lands) and switches to Acme
 * Europe, which he owns: a yearly Premium subscription of the older (not per-seat) flow, bought in
 * the payment sandbox at demo start. Its URL prefix.
 */
async function openAcmeEuropeAsOwner(page: Page, baseUrl: string): Promise<string> {
  // The space menu is in the sidebar, which a narrow screen folds away.
  const size = page.viewportSize();
  await page.setViewportSize(viewports.desktop);
  await signInAs(page, baseUrl, 'admin@acme.example');
  await page.getByRole('button', { name: 'Space menu' }).click();
  await page.getByRole('menuitem', { name: /Acme Europe/ }).click();
  await page.getByRole('button', { name: 'Space menu' }).filter({ hasText: 'Acme Europe' }).waitFor();
  if (size) await page.setViewportSize(size);
  return spacePrefixOf(page.url());
}

/** The state the page shows, in a picture at 1440 px and one at 375 px (each axe-checked). */
async function shotBoth(page: Page, name: string): Promise<void> {
  const before = page.viewportSize();
  await page.setViewportSize(viewports.desktop);
  // The sidebar slides in or out when the width crosses its breakpoint: pictures wait for it.
  await settle(page);
  await shot(page, `${name}-desktop`);
  await page.setViewportSize(viewports.mobile);
  await settle(page);
  await shot(page, `${name}-mobile`);
  if (before) {
    await page.setViewportSize(before);
    await settle(page);
  }
}

const LIAM = 'free.member@acme.example';

describe.skipIf(!runJourneys)('journeys: changing a live subscription of the older flow', () => {
  const env = journeyEnvironment();

  it('CHK-044 CHK-045 BILL-013 BILL-014 the Acme Europe owner switches yearly to monthly, sees the Starting line, then cancels the change (1440 and 375 px)', async () => {
    const page = await env.browser.newPage({ viewport: viewports.desktop });
    const prefix = await openAcmeEuropeAsOwner(page, env.server.url);
    const workspaceId = prefix.split('/')[1]!;
    expect(await liveSubscription(page, workspaceId)).toMatchObject({
      workspacePlan: 'PREMIUM',
      billingInterval: 'YEARLY',
      scheduledChanges: null,
    });

    await page.goto(`${env.server.url}${prefix}/space/billing`);
    await page.getByRole('heading', { name: 'Current plan: Premium' }).waitFor();
    await page.getByText(/^Renews on /).waitFor();
    await page.getByRole('link', { name: 'Switch to monthly billing' }).click();

    // /checkout?change-billing-cycle=1 reviews the change on the summary.
    await page.waitForURL((url) => url.pathname === `${prefix}/checkout/summary`);
    await page.getByRole('heading', { name: 'Change your billing cycle' }).waitFor();
    await page
      .getByText('The change to monthly billing applies at the end of your current billing cycle.')
      .waitFor();
    // The 5 places the subscription pays for (4 assigned), billed monthly from then on.
    await page.getByText('Premium, 5 seats × $30.00 / month').waitFor();
    const confirm = page.getByRole('button', { name: 'Confirm the change' });
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await shotBoth(page, 'cycle-change-summary');
    await confirm.click();

    await page.waitForURL((url) => url.pathname === `${prefix}/space/billing`);
    const starting = page.getByText(/^Starting /);
    await starting.waitFor({ timeout: 20_000 });
    expect(await starting.textContent()).toMatch(/^Starting .+: \$150\.00 \/ month, billed monthly/);
    // The change was made: no refusal beside it.
    expect(await page.getByText('Your subscription was not changed').count()).toBe(0);
    expect(await liveSubscription(page, workspaceId)).toMatchObject({
      billingInterval: 'YEARLY',
      scheduledChanges: { targetBillingInterval: 'MONTHLY' },
    });
    await shotBoth(page, 'cycle-change-scheduled-billing');

    await page.getByRole('button', { name: '(cancel this change)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel the change of your billing cycle?' });
    await dialog.waitFor();
    await shotBoth(page, 'cycle-change-cancel-dialog');
    await dialog.getByRole('button', { name: 'Yes, cancel the change' }).click();
    await expect.poll(() => starting.count(), { timeout: 20_000 }).toBe(0);
    await page.getByText(/^Renews on /).waitFor();
    expect(await liveSubscription(page, workspaceId)).toMatchObject({
      billingInterval: 'YEARLY',
      scheduledChanges: null,
    });
    await shotBoth(page, 'cycle-change-cancelled-billing');
    await page.close();
  });

  it('MEM-033 CHK-081 the Acme Europe owner makes a free member paid from the Users page through the summary and is back on Users with him paid (375 and 1440 px)', async () => {
    const page = await env.browser.newPage({ viewport: viewports.mobile });
    const prefix = await openAcmeEuropeAsOwner(page, env.server.url);
    const workspaceId = prefix.split('/')[1]!;
    expect(await planOf(page, workspaceId, LIAM)).toBe('FREE');

    await page.goto(`${env.server.url}${prefix}/space/users`);
    const row = page.getByRole('row').filter({ hasText: LIAM });
    await row.waitFor();
    await page.getByText('4 of 5 seats used').waitFor();
    await shotBoth(page, 'paid-user-users-before');
    await page.setViewportSize(viewports.desktop);
    await row.getByRole('cell', { name: 'Free', exact: true }).waitFor();
    await page.setViewportSize(viewports.mobile);
    await settle(page);
    await row.getByRole('checkbox').check();
    const drawer = page.getByRole('complementary', { name: '1 member selected' });
    await drawer.waitFor();
    await shotBoth(page, 'paid-user-selection');
    await drawer.getByRole('link', { name: 'Change their type to Pro' }).click();

    await page.waitForURL((url) => url.pathname === `${prefix}/checkout/summary`);
    expect(new URL(page.url()).searchParams.get('from')).toBe('users');
    await page.getByRole('heading', { name: 'Paid users' }).waitFor();
    const confirm = page.getByRole('button', { name: 'Confirm the change' });
    await expect.poll(() => confirm.isEnabled(), { timeout: 20_000 }).toBe(true);
    // He opens chosen as paid; the 5 places the subscription pays for stay 5, at the yearly price.
    const liam = page.getByRole('radiogroup', { name: "Liam O'Connor" });
    expect(await liam.getByRole('radio', { name: 'Paid' }).isChecked()).toBe(true);
    await page.getByText('Premium, 5 seats × $8.00 / month').waitFor();
    await shotBoth(page, 'paid-user-summary');
    await confirm.click();

    await page.waitForURL((url) => url.pathname === `${prefix}/space/users`, { timeout: 20_000 });
    // The fifth place the subscription pays for is his: nothing was bought.
    await page.getByText('5 of 5 seats used').waitFor();
    expect(await planOf(page, workspaceId, LIAM)).toBe('PRO');
    const seats = (await liveSubscription(page, workspaceId)).subscriptionPaymentPlans?.[0];
    expect(seats).toMatchObject({ totalSeats: 5, assignedSeats: 5 });
    await shotBoth(page, 'paid-user-users-after');
    // The Type column shows from a wide screen on.
    await page.setViewportSize(viewports.desktop);
    await row.getByRole('cell', { name: 'Paid', exact: true }).waitFor();
    await page.close();
  });
});
