import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { viewports, runJourneys } from '../lib/browser';
import { journeyEnvironment } from '../lib/environment';
import { callApi, shot, signInAs } from '../lib/session';

interface SubscriptionRow {
  subscriptionStatus: string;
  workspacePlan: string;
  billingInterval: string;
  currency: string;
  subscriptionPaymentPlans?: { totalSeats: number }[];
}

/** The space's subscriptions as its owner reads them through the API. */
async function subscriptionsOf(page: Page, workspaceId: string): Promise<SubscriptionRow[]> {
  const answer = await callApi(
    page,
    'GET',
    `/api/workspace-billing/workspaces/${workspaceId}/subscriptions/v1?includePlans=true`,
  );
  expect(answer.status).toBe(200);
  return (answer.body as { items: SubscriptionRow[] }).items;
}

/** From the billing page's plan card to the billing information form. */
async function startPurchase(page: Page, prefix: string): Promise<void> {
  await page.goto(`${new URL(page.url()).origin}${prefix}/space/billing`);
  await page.getByRole('heading', { name: 'Current plan: Free' }).waitFor();
  await page.getByRole('link', { name: 'Upgrade' }).click();
}

async function fillAddress(page: Page, fields: { name: string; street: string; city: string }) {
  await page.getByLabel('Name', { exact: true }).fill(fields.name);
  await page.getByLabel('Street address').fill(fields.street);
  await page.getByLabel('City', { exact: true }).fill(fields.city);
}

/** On the sandbox's hosted checkout page: types a test card and pays. */
async function payWith(page: Page, card: string): Promise<void> {
  await page.getByRole('heading', { name: 'Complete your purchase' }).waitFor();
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: /^Pay / }).click();
}

/** Back on the billing page after paying: the banner, then the plan card with its renewal line. */
async function expectPurchased(page: Page, prefix: string, plan: RegExp): Promise<void> {
  await page.waitForURL((url) => url.pathname === `${prefix}/space/billing`);
  await page.getByText('Thank you for your purchase!').waitFor();
  await page.getByRole('heading', { name: plan }).waitFor();
  await page.getByText(/^Renews on /).waitFor();
}

describe.skipIf(!runJourneys)('journeys: buying a plan', () => {
  const env = journeyEnvironment();

  it('CHK-012 CHK-017 CHK-022 CHK-029 CHK-064 BILL-006 BILL-012 pat@gmail.com is declined with 4000…0002, then buys Pro yearly with 4242 (375 px)', async () => {
    const page = await env.browser.newPage({ viewport: viewports.mobile });
    const prefix = await signInAs(page, env.server.url, 'pat@gmail.com');
    const workspaceId = prefix.split('/')[1]!;

    await startPurchase(page, prefix);
    // GMAIL_PURCHASE starts at Billing information: no seat page.
    await page.waitForURL((url) => url.pathname === `${prefix}/checkout/information`);
    await page.getByRole('heading', { name: "Upgrading Pat's space" }).waitFor();
    await page.getByLabel('Country').selectOption('US');
    await fillAddress(page, { name: 'Pat Example', street: '1 Main Street', city: 'Springfield' });
    await page
      .getByRole('region', { name: 'Order summary' })
      .getByText(/^Total/)
      .first()
      .waitFor();
    await shot(page, 'billing-pat-information-mobile');
    await page.getByRole('button', { name: 'Next: Checkout' }).click();

    await payWith(page, '4000 0000 0000 0002');
    await page
      .getByRole('alert')
      .getByText(/declined/i)
      .waitFor();
    await shot(page, 'billing-pat-declined-mobile');
    expect(await subscriptionsOf(page, workspaceId)).toEqual([]);

    await payWith(page, '4242 4242 4242 4242');
    await expectPurchased(page, prefix, /Current plan: Pro/);
    await shot(page, 'billing-pat-bought-mobile');
    const [bought] = await subscriptionsOf(page, workspaceId);
    expect(bought).toMatchObject({
      subscriptionStatus: 'ACTIVE',
      billingInterval: 'YEARLY',
      currency: 'USD',
    });
    await page.close();
  });

  it('CHK-001 CHK-003 CHK-006 CHK-020 CHK-028 CHK-074 PRICE-010 BILL-006 the Globex owner buys 7 seats in Germany as a business, fixes a refused VAT ID and authenticates the payment (1440 px)', async () => {
    const page = await env.browser.newPage({ viewport: viewports.desktop });
    const prefix = await signInAs(page, env.server.url, 'owner@globex.example');
    const workspaceId = prefix.split('/')[1]!;

    await startPurchase(page, prefix);
    // DOMAIN_PURCHASE starts at Billing details: how many seats.
    await page.waitForURL((url) => url.pathname === `${prefix}/checkout/details`);
    await page.getByRole('radio', { name: /For a team/ }).check();
    const seats = page.getByLabel('Number of seats');
    await seats.fill('7');
    const summary = page.getByRole('region', { name: 'Order summary' });
    // The 5SEATS volume coupon shows in the price.
    await summary.getByText('Volume discount (20% off)').waitFor();
    await shot(page, 'billing-globex-seats-desktop');
    await page.getByRole('button', { name: 'Next: Billing information' }).click();

    await page.waitForURL((url) => url.pathname === `${prefix}/checkout/information`);
    await page.getByLabel('Country').selectOption('DE');
    await page.getByRole('radio', { name: 'Yes' }).check();
    await page.getByLabel('VAT ID').fill('DE12');
    await page.getByLabel('Company name').fill('Globex GmbH');
    await fillAddress(page, { name: 'Greta Globex', street: 'Friedrichstraße 1', city: 'Berlin' });
    await summary.getByText(/^Taxes/).waitFor();
    await page.getByRole('button', { name: 'Next: Checkout' }).click();
    await page.getByText('This VAT ID doesn’t seem to be valid.').waitFor();
    await shot(page, 'billing-globex-vat-refused-desktop');
    await page.setViewportSize(viewports.mobile);
    await shot(page, 'billing-globex-vat-refused-mobile');
    await page.setViewportSize(viewports.desktop);

    await page.getByLabel('VAT ID').fill('DE123456789');
    await page.getByRole('button', { name: 'Next: Checkout' }).click();
    await page.getByRole('heading', { name: 'Complete your purchase' }).waitFor();
    await shot(page, 'billing-globex-hosted-checkout-desktop');
    await payWith(page, '4000 0025 0000 3155');
    await page.getByRole('heading', { name: 'Authenticate your payment' }).waitFor();
    await shot(page, 'billing-globex-authenticate-desktop');
    // Nothing is bought before the authentication is complete.
    expect(await subscriptionsOf(page, workspaceId)).toEqual([]);
    await page.getByRole('button', { name: 'Complete authentication' }).click();

    await expectPurchased(page, prefix, /Current plan: Pro/);
    await shot(page, 'billing-globex-bought-desktop');
    const [bought] = await subscriptionsOf(page, workspaceId);
    expect(bought).toMatchObject({ subscriptionStatus: 'ACTIVE', currency: 'EUR' });
    expect(bought!.subscriptionPaymentPlans?.reduce((sum, plan) => sum + plan.totalSeats, 0)).toBe(7);
    await page.close();
  });
});
