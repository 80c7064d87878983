import { latestInvoiceV1, listSubscriptionsV1, type LatestInvoice } from '@mergeboard/core';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { billingCustomers, workspaces } from '../../db/schema';
import { billingBase, buyPlan, newSpace, postForm } from '../../testing/billing-test-kit';
import { billingWorld, type Caller } from '../../testing/billing-world';

/**
 * A subscription's payment state and the customer portal (000 §4, §7): our API reads the latest
 * invoice through the SDK, and sends the person to the sandbox's hosted portal to fix a failed
 * renewal or cancel. Purchases go through the hosted checkout; time moves with the test clock.
 */
describe('payment state: latest invoice and customer portal', () => {
  const world = billingWorld({ demo: true });
  const { callerOf } = world;
  let owner: Caller;
  let stranger: Caller;
  let spaceId: string;
  let subscriptionId: string;

  const spaceNamed = async (name: string) => {
    const [space] = await world.t.database.db.select().from(workspaces).where(eq(workspaces.name, name));
    return space!.id;
  };
  const get = (caller: { headers: { authorization: string } }, url: string) =>
    world.callAs(caller, 'GET', url);
  const latestInvoiceUrl = (space: string, subscription: string) =>
    `${billingBase(space)}/subscriptions/v2/${subscription}/latest-invoice/v1`;
  const latestInvoice = async (caller: Caller, space: string, subscription: string) => {
    const res = await get(caller, latestInvoiceUrl(space, subscription));
    expect(res.statusCode, res.body).toBe(200);
    return latestInvoiceV1.response.parse(res.json()) as LatestInvoice;
  };
  const portalUrl = (space: string, returnUrl: string) =>
    `${billingBase(space)}/stripe/customer/v1/portal?returnUrl=${encodeURIComponent(returnUrl)}`;
  const pageText = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

  /** A new space of Pat's whose customer lives on a test clock from `start`, bought with `card`. */
  const buyOnClock = async (name: string, start: number, card: string) => {
    const space = await newSpace(world.t, owner, name);
    const clock = await world.stripe.testHelpers.testClocks.create({ frozen_time: start });
    const customer = await world.stripe.customers.create({ email: 'pat@gmail.com', test_clock: clock.id });
    await world.t.database.db
      .insert(billingCustomers)
      .values({ workspaceId: space, provider: world.t.context.payments.provider, customerId: customer.id });
    const bought = await buyPlan(world.t, {
      spaceId: space,
      headers: owner.headers,
      purchase: { country: 'US', seats: 1, interval: 'MONTHLY' },
      card,
    });
    return { space, clock, bought };
  };

  beforeAll(async () => {
    owner = await callerOf('pat@gmail.com');
    stranger = await callerOf('owner@northwind.example');
    spaceId = await newSpace(world.t, owner, 'Paying space');
    ({ subscriptionId } = await buyPlan(world.t, {
      spaceId,
      headers: owner.headers,
      purchase: { country: 'US', seats: 2 },
      card: '4242424242424242',
    }));
  }, 60_000);

  it('API-034 BILL-020 a freshly bought subscription’s latest invoice reads paid, with its hosted page', async () => {
    const invoice = await latestInvoice(owner, spaceId, subscriptionId);
    expect(invoice).toMatchObject({
      status: 'paid',
      paid: true,
      currency: 'USD',
      paymentIntent: { status: 'succeeded' },
      paymentState: 'PAID',
    });
    expect(invoice.amountPaid).toBe(invoice.amountDue);
    expect(invoice.hostedInvoiceUrl).toBe(`${world.t.baseUrl}/sandbox/stripe/invoices/${invoice.invoiceId}`);
  });

  it('API-034 the latest invoice is not served to a MEMBER (403) nor to someone outside the space (404)', async () => {
    const acme = await spaceNamed('Acme Sales');
    const member = await callerOf('member@acme.example');
    expect((await get(member, latestInvoiceUrl(acme, subscriptionId))).statusCode).toBe(403);
    expect((await get(stranger, latestInvoiceUrl(spaceId, subscriptionId))).statusCode).toBe(404);
  });

  it('API-034 another space’s subscription answers 404 to the owner of this one, as an unknown one does', async () => {
    const otherSpace = await newSpace(world.t, stranger, 'Not paying space');
    const res = await get(stranger, latestInvoiceUrl(otherSpace, subscriptionId));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    const unknown = await get(owner, latestInvoiceUrl(spaceId, '00000000-0000-4000-8000-000000000000'));
    expect(unknown.statusCode).toBe(404);
  });

  it('API-033 BILL-033 the portal is refused with 409 for a plan our team set up (SUPPORT), and has no invoice', async () => {
    const umbrella = await spaceNamed('Umbrella Labs');
    const customOwner = await callerOf('owner@umbrella.example');
    const res = await get(customOwner, portalUrl(umbrella, '/space/billing'));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'portal_not_available' } });
    const subscriptions = await get(customOwner, `${billingBase(umbrella)}/subscriptions/v1`);
    const [support] = listSubscriptionsV1.response.parse(subscriptions.json()).items;
    expect(support).toMatchObject({ paymentSource: 'SUPPORT' });
    expect((await get(customOwner, latestInvoiceUrl(umbrella, support!.subscriptionId))).statusCode).toBe(
      404,
    );
  });

  it.each(['https://evil.example/space/billing', '//evil.example/space/billing', 'javascript:alert(1)'])(
    'API-033 a returnUrl outside this app (%s) is refused with 400 and no portal session',
    async (returnUrl) => {
      const res = await get(owner, portalUrl(spaceId, returnUrl));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: { fields: { 'query.returnUrl': 'returnUrl must be a path or URL of this app' } },
      });
    },
  );

  it('API-033 API-034 BILL-018 BILL-019 BILL-020 BILL-033 a renewal fails on card 0341; the portal’s new card pays it and the state clears', async () => {
    // The space's customer lives on a test clock, so the renewal can come without waiting a month.
    const { space, clock, bought } = await buyOnClock(
      'Renewing space',
      Math.floor(Date.UTC(2026, 0, 15, 12) / 1000),
      '4000 0000 0000 0341',
    );
    expect((await latestInvoice(owner, space, bought.subscriptionId)).paymentState).toBe('PAID');

    const session = await world.stripe.checkout.sessions.retrieve(bought.sessionId);
    const providerSubscription = await world.stripe.subscriptions.retrieve(session.subscription as string);
    await world.stripe.testHelpers.testClocks.advance(clock.id, {
      frozen_time: providerSubscription.items.data[0]!.current_period_end + 60,
    });
    const failed = await latestInvoice(owner, space, bought.subscriptionId);
    expect(failed).toMatchObject({
      status: 'open',
      paid: false,
      amountPaid: 0,
      paymentIntent: { status: 'requires_payment_method' },
      paymentState: 'PAYMENT_FAILED',
    });
    expect(failed.hostedInvoiceUrl).toContain('/sandbox/stripe/invoices/');

    const portal = await get(owner, portalUrl(space, '/space/billing?from=portal'));
    expect(portal.statusCode, portal.body).toBe(200);
    const { stripeCustomerPortalUrl } = portal.json() as { stripeCustomerPortalUrl: string };
    expect(stripeCustomerPortalUrl).toMatch(new RegExp(`^${world.t.baseUrl}/sandbox/stripe/portal/bps_`));
    const markup = await (await fetch(stripeCustomerPortalUrl)).text();
    expect(pageText(markup)).toContain('Test sandbox');
    expect(pageText(markup)).toContain('Past due');
    expect(markup).toContain('<label for="card-number">New card number</label>');
    expect(markup).toContain(`href="${failed.hostedInvoiceUrl}"`);
    expect(markup).toContain(`href="${world.t.baseUrl}/space/billing?from=portal">Return to Mergeboard</a>`);

    // 3155 is saved, but paying with it waits for the person's confirmation.
    const confirming = await postForm(world.t.baseUrl, `${stripeCustomerPortalUrl}/card`, {
      cardNumber: '4000002500003155',
    });
    expect(confirming.status).toBe(402);
    expect(await confirming.text()).toContain('role="alert">The card is saved. The open invoice needs');
    expect(await latestInvoice(owner, space, bought.subscriptionId)).toMatchObject({
      paid: false,
      paymentIntent: { status: 'requires_action' },
      paymentState: 'REQUIRES_CONFIRMATION',
    });

    const declined = await postForm(world.t.baseUrl, `${stripeCustomerPortalUrl}/card`, {
      cardNumber: '4000000000000002',
    });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('role="alert">Your card was declined.</p>');

    const updated = await postForm(world.t.baseUrl, `${stripeCustomerPortalUrl}/card`, {
      cardNumber: '4242 4242 4242 4242',
    });
    expect(updated.status).toBe(303);
    expect(await latestInvoice(owner, space, bought.subscriptionId)).toMatchObject({
      invoiceId: failed.invoiceId,
      status: 'paid',
      paid: true,
      amountPaid: failed.amountDue,
      paymentIntent: { status: 'succeeded' },
      paymentState: 'PAID',
    });
    // The sandbox's events reach our webhook: the sync brings our row back to ACTIVE.
    await vi.waitFor(
      async () => {
        const res = await get(owner, `${billingBase(space)}/subscriptions/v1`);
        const [ours] = listSubscriptionsV1.response.parse(res.json()).items;
        expect(ours).toMatchObject({ subscriptionStatus: 'ACTIVE' });
      },
      { timeout: 15_000 },
    );
    expect(pageText(await (await fetch(stripeCustomerPortalUrl)).text())).toContain('Visa ending in 4242');
  });

  it('BILL-033 a customer on a test clock moves it from the portal: past the renewal, the renewal is invoiced and paid', async () => {
    const { space, clock, bought } = await buyOnClock(
      'Clocked space',
      Math.floor(Date.UTC(2026, 2, 1, 12) / 1000),
      '4242424242424242',
    );
    const first = await latestInvoice(owner, space, bought.subscriptionId);
    const portal = await get(owner, portalUrl(space, '/space/billing'));
    const { stripeCustomerPortalUrl } = portal.json() as { stripeCustomerPortalUrl: string };
    expect(pageText(await (await fetch(stripeCustomerPortalUrl)).text())).toContain(
      'It is now March 1, 2026 at 12:00 PM UTC.',
    );

    const refused = await postForm(world.t.baseUrl, `${stripeCustomerPortalUrl}/clock`, { step: 'century' });
    expect(refused.status).toBe(400);
    const moved = await postForm(world.t.baseUrl, `${stripeCustomerPortalUrl}/clock`, { step: 'renewal' });
    expect(moved.status).toBe(303);
    expect(pageText(await (await fetch(stripeCustomerPortalUrl)).text())).toContain(
      'It is now April 1, 2026 at 1:00 PM UTC.',
    );
    const renewed = await latestInvoice(owner, space, bought.subscriptionId);
    expect(renewed.invoiceId).not.toBe(first.invoiceId);
    expect(renewed).toMatchObject({ paymentState: 'PAID', amountPaid: first.amountPaid });
    expect((await world.stripe.testHelpers.testClocks.retrieve(clock.id)).frozen_time).toBe(
      Math.floor(Date.UTC(2026, 3, 1, 13) / 1000),
    );
  });

  it('the portal of a customer without a test clock has no clock control', async () => {
    const portal = await get(owner, portalUrl(spaceId, '/space/billing'));
    const { stripeCustomerPortalUrl } = portal.json() as { stripeCustomerPortalUrl: string };
    expect(await (await fetch(stripeCustomerPortalUrl)).text()).not.toContain('Test clock');
    const refused = await postForm(world.t.baseUrl, `${stripeCustomerPortalUrl}/clock`, { step: 'day' });
    expect(refused.status).toBe(400);
  });

  it('BILL-033 the portal cancels at period end: the subscription runs to its end and our sync stops its renewal', async () => {
    const portal = await get(owner, portalUrl(spaceId, '/space/billing'));
    expect(portal.statusCode, portal.body).toBe(200);
    const { stripeCustomerPortalUrl } = portal.json() as { stripeCustomerPortalUrl: string };
    const subscriptions = listSubscriptionsV1.response.parse(
      (await get(owner, `${billingBase(spaceId)}/subscriptions/v1`)).json(),
    ).items;
    expect(subscriptions[0]).toMatchObject({ autoRenew: true });
    const markup = await (await fetch(stripeCustomerPortalUrl)).text();
    const providerId = /name="subscription" value="(sub_[A-Za-z0-9]+)"/.exec(markup)?.[1];
    expect(providerId).toBeDefined();

    const canceled = await postForm(world.t.baseUrl, `${stripeCustomerPortalUrl}/cancel`, {
      subscription: providerId!,
    });
    expect(canceled.status).toBe(303);
    const provider = await world.stripe.subscriptions.retrieve(providerId!);
    expect(provider).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: provider.items.data[0]!.current_period_end,
    });
    expect(pageText(await (await fetch(stripeCustomerPortalUrl)).text())).toContain('Cancels on');
    await vi.waitFor(
      async () => {
        const res = await get(owner, `${billingBase(spaceId)}/subscriptions/v1`);
        expect(listSubscriptionsV1.response.parse(res.json()).items[0]).toMatchObject({
          subscriptionStatus: 'ACTIVE',
          autoRenew: false,
        });
      },
      { timeout: 15_000 },
    );
    const events = await world.stripe.events.list({ type: 'customer.subscription.updated', limit: 100 });
    expect(
      events.data.some(
        (event) =>
          (event.data.object as Stripe.Subscription).id === providerId &&
          (event.data.previous_attributes as { cancel_at_period_end?: boolean } | undefined)
            ?.cancel_at_period_end === false,
      ),
    ).toBe(true);
  });

  it('the portal refuses a card form posted from another site, and an unknown portal session is 404', async () => {
    const portal = await get(owner, portalUrl(spaceId, '/space/billing'));
    const { stripeCustomerPortalUrl } = portal.json() as { stripeCustomerPortalUrl: string };
    const forged = await fetch(`${stripeCustomerPortalUrl}/card`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: 'cardNumber=4242424242424242',
    });
    expect(forged.status).toBe(403);
    expect((await fetch(`${world.t.baseUrl}/sandbox/stripe/portal/bps_guessed`)).status).toBe(404);
  });
});
