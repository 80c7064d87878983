import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { viewports, runJourneys } from '../lib/browser';
import { journeyEnvironment } from '../lib/environment';
import { callApi, shot, signInAs } from '../lib/session';

interface SubscriptionRow {
  subscriptionId: string;
  billingInterval: string;
  scheduledChanges: { targetBillingInterval: string } | null;
  subscriptionPaymentPlans?: { totalSeats: number; assignedSeats: number }[];
}

const billingApi = (workspaceId: string) => `/api/workspace-billing/workspaces/${workspaceId}`;

/** Acme Sales' live subscription, as its owner reads it through the API. */
async function acmeSubscription(page: Page, workspaceId: string): Promise<SubscriptionRow> {
  const answer = await callApi(page, 'GET', `${billingApi(workspaceId)}/subscriptions/v1?includePlans=true`);
  expect(answer.status).toBe(200);
  const [live] = (answer.body as { items: SubscriptionRow[] }).items;
  return live!;
}

const seatsOf = (subscription: SubscriptionRow) => subscription.subscriptionPaymentPlans?.[0]?.totalSeats;

/** The latest invoice of the subscription, read live from the payment provider. */
async function latestInvoice(page: Page, workspaceId: string, subscriptionId: string) {
  const answer = await callApi(
    page,
    'GET',
    `${billingApi(workspaceId)}/subscriptions/v2/${subscriptionId}/latest-invoice/v1`,
  );
  expect(answer.status).toBe(200);
  return answer.body as { amountPaid: number; paymentState: string };
}

/** From the Users page's seat count to the Manage seats dialog. */
async function openManageSeats(page: Page, prefix: string): Promise<void> {
  await page.goto(`${new URL(page.url()).origin}${prefix}/space/users`);
  await page.getByRole('button', { name: 'Manage seats' }).click();
  await page.getByRole('dialog', { name: 'Manage seats' }).waitFor();
}

/** The remove-seats page's dropdown: the seats the subscription keeps from its renewal on. */
async function chooseSeatsAfterRenewal(page: Page, seats: number): Promise<void> {
  await page.getByRole('combobox', { name: 'Number of seats after the renewal' }).click();
  await page.getByRole('option', { name: String(seats), exact: true }).click();
}

/** Cents as the pages write them: `$1,234.56` → 123456. */
const centsOf = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);

describe.skipIf(!runJourneys)('journeys: seats and the subscription over its life', () => {
  const env = journeyEnvironment();

  it('SEAT-007 SEAT-008 SEAT-010 SEAT-013 SEAT-015 SEAT-016 SEAT-017 SEAT-031 the Acme owner adds 3 seats: what the preview charges today is what the invoice charged (1440 px)', async () => {
    const page = await env.browser.newPage({ viewport: viewports.desktop });
    const prefix = await signInAs(page, env.server.url, 'owner@acme.example');
    const workspaceId = prefix.split('/')[1]!;
    const before = await acmeSubscription(page, workspaceId);
    expect(seatsOf(before)).toBe(15);

    await openManageSeats(page, prefix);
    await shot(page, 'seats-manage-desktop');
    await page.getByRole('link', { name: 'Add seats' }).click();
    await page.waitForURL((url) => url.pathname === `${prefix}/checkout/add-seats`);
    await page.getByLabel('Seats to add').fill('3');
    const charged = page.getByText('Charged today').locator('xpath=following-sibling::*[1]');
    // The button is enabled once the preview priced 3 seats; until then 1 seat's price may show.
    const addThree = page.getByRole('button', { name: 'Add 3 seats' });
    await expect.poll(() => addThree.isEnabled()).toBe(true);
    const chargedToday = centsOf((await charged.textContent())!);
    expect(chargedToday).toBeGreaterThan(0);
    await shot(page, 'seats-add-desktop');
    await page.setViewportSize(viewports.mobile);
    await shot(page, 'seats-add-mobile');
    await page.setViewportSize(viewports.desktop);

    await page.getByRole('button', { name: 'Add 3 seats' }).click();
    await page.waitForURL((url) => url.pathname === `${prefix}/space/billing`, { timeout: 20_000 });
    const after = await acmeSubscription(page, workspaceId);
    expect(seatsOf(after)).toBe(18);
    const invoice = await latestInvoice(page, workspaceId, after.subscriptionId);
    expect(invoice).toMatchObject({ paymentState: 'PAID', amountPaid: chargedToday });
    await shot(page, 'seats-added-billing-desktop');
    await page.close();
  });

  it('SEAT-019 SEAT-020 SEAT-023 SEAT-025 SEAT-026 SEAT-029 the owner schedules removing 2 seats, sees the banner and the blocked Add seats, then cancels it (1440 px)', async () => {
    const page = await env.browser.newPage({ viewport: viewports.desktop });
    const prefix = await signInAs(page, env.server.url, 'owner@acme.example');

    await openManageSeats(page, prefix);
    await page.getByRole('link', { name: 'Remove unused seats' }).click();
    await page.waitForURL((url) => url.pathname === `${prefix}/checkout/remove-seats`);
    await page.getByRole('heading', { name: 'Remove unused seats' }).waitFor();
    await chooseSeatsAfterRenewal(page, 16);
    await shot(page, 'seats-remove-desktop');
    await page.getByRole('button', { name: 'Remove 2 seats' }).click();

    await page.waitForURL((url) => url.pathname === `${prefix}/space/billing`);
    const banner = page.getByText(/scheduled to go down to 16 seats on /);
    await banner.waitFor();
    await shot(page, 'seats-removal-banner-desktop');

    // While it is pending, seats cannot be added: the seat page sends the owner back to billing,
    // which says why (issue 24).
    await page.goto(`${env.server.url}${prefix}/checkout/add-seats`);
    await page.waitForURL((url) => url.pathname === `${prefix}/space/billing`);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Seats cannot be added' })
      .getByText(/Cancel the downgrade first\.$/)
      .waitFor();
    await shot(page, 'seats-add-redirected-desktop');
    await openManageSeats(page, prefix);
    // SEAT-025: the blocked Add seats keeps its place in the Tab order, and focus shows the
    // spec's tooltip.
    const addSeats = page
      .getByRole('dialog', { name: 'Manage seats' })
      .getByRole('button', { name: 'Add seats' });
    for (let tab = 0; tab < 10; tab += 1) {
      await page.keyboard.press('Tab');
      if (await addSeats.evaluate((button) => button === document.activeElement)) break;
    }
    await page.getByRole('tooltip').filter({ hasText: 'Cancel the downgrade first.' }).waitFor();
    await shot(page, 'seats-manage-blocked-desktop');
    await page.keyboard.press('Escape');

    await page.goto(`${env.server.url}${prefix}/space/billing`);
    await page.getByRole('button', { name: 'Cancel downgrade' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await shot(page, 'seats-cancel-downgrade-dialog-desktop');
    await dialog.getByRole('button', { name: 'Cancel the downgrade' }).click();
    await page.getByText('You successfully cancelled the previously scheduled downgrade.').waitFor();
    await expect.poll(() => banner.count()).toBe(0);
    await page.close();
  });

  it('BILL-018 BILL-020 BILL-022 BILL-033 a renewal refused by the saved card shows the failed-payment banner; a new card in the portal clears it (375 px)', async () => {
    const page = await env.browser.newPage({ viewport: viewports.mobile });
    const prefix = await signInAs(page, env.server.url, 'owner@acme.example');

    // The portal: save the card that fails its charges, then move the test clock past the renewal.
    await page.goto(`${env.server.url}${prefix}/space/billing`);
    const price = (await page.getByText(/^\$[\d,.]+ \/ year$/).textContent())!.replace(' / year', '');
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.getByRole('heading', { name: 'Manage your billing' }).waitFor();
    // Issue 24: the portal breaks the price down with the volume discount (18 seats since the
    // first journey: 30% off), and its total is the billing page's price.
    await page.getByRole('row', { name: /^Volume discount \(30% off\) −\$/ }).waitFor();
    expect(await page.getByRole('row', { name: /^Total per year / }).textContent()).toContain(price);
    await page.getByLabel('New card number').fill('4000 0000 0000 0341');
    await page.getByRole('button', { name: 'Update card' }).click();
    await page.getByText('Visa ending in 0341').waitFor();
    await page.getByLabel('Advance the clock by').selectOption('renewal');
    await page.getByRole('button', { name: 'Advance the clock' }).click();
    await page.getByText(/Past due/).waitFor();
    await shot(page, 'seats-portal-past-due-mobile');

    await page.getByRole('link', { name: 'Return to Mergeboard' }).click();
    await page.waitForURL((url) => url.pathname === `${prefix}/space/billing`);
    const failed = page.getByText('Your last payment attempt failed');
    await failed.waitFor({ timeout: 20_000 });
    await shot(page, 'seats-payment-failed-mobile');

    await page.getByRole('button', { name: 'Update your payment preferences' }).click();
    await page.getByRole('heading', { name: 'Manage your billing' }).waitFor();
    await page.getByLabel('New card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Update card' }).click();
    await page.getByText('Visa ending in 4242').waitFor();
    await page.getByRole('link', { name: 'Return to Mergeboard' }).click();
    await page.waitForURL((url) => url.pathname === `${prefix}/space/billing`);
    await page.getByText(/^Renews on /).waitFor();
    await expect.poll(() => failed.count(), { timeout: 20_000 }).toBe(0);
    await page.close();
  });

  it('SEAT-026 SEAT-028 C1 an admin sees the scheduled removal banner but cannot cancel it (375 px)', async () => {
    const owner = await env.browser.newPage({ viewport: viewports.desktop });
    const prefix = await signInAs(owner, env.server.url, 'owner@acme.example');
    await owner.goto(`${env.server.url}${prefix}/checkout/remove-seats`);
    await chooseSeatsAfterRenewal(owner, 17);
    await owner.getByRole('button', { name: 'Remove 1 seat' }).click();
    await owner.waitForURL((url) => url.pathname === `${prefix}/space/billing`);
    await owner.close();

    const admin = await env.browser.newPage({ viewport: viewports.mobile });
    await signInAs(admin, env.server.url, 'admin@acme.example');
    await admin.goto(`${env.server.url}${prefix}/mail-merges/sent`);
    await admin.getByText(/scheduled to go down to 17 seats on /).waitFor();
    expect(await admin.getByRole('button', { name: 'Cancel downgrade' }).count()).toBe(0);
    await shot(admin, 'seats-removal-banner-admin-mobile');
    await admin.close();
  });
});
