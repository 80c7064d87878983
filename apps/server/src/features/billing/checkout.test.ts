import { randomUUID } from 'node:crypto';
import {
  listSubscriptionsV1,
  listWorkspaceMembers,
  PLAN_LABELS,
  planLabel,
  subscriptionPrice,
  VOLUME_DISCOUNT_NAME,
  type PaymentInfo,
} from '@mergeboard/core';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  billingCustomers,
  checkoutSessions,
  memberships,
  providerEvents,
  subscriptions,
  workspaces,
} from '../../db/schema';
import { billingBase, postForm, sessionFields, type Purchase } from '../../testing/billing-test-kit';
import { billingWorld, type Caller } from '../../testing/billing-world';
import { setUpCatalogue } from './catalogue/catalogue';
import { STRIPE_WEBHOOK_PATH } from './payments/stripe-webhook';
import { stripeSignature } from '../../embedded/stripe-sandbox';

/** What a person reads of a hosted page: the markup's text, white space as a browser shows it. */
const textOf = async (res: Response) => {
  expect(res.status).toBe(200);
  return (await res.text()).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
};

/**
 * Buying a plan end to end (design/payments.md): our API creates the customer and the hosted
 * checkout through the `stripe` SDK, a person pays on the sandbox's hosted page (plain HTTP form
 * posts, as a browser without JavaScript sends them), comes back, and our sync makes the
 * subscription ours. The sandbox is reached only through the SDK and its pages.
 */
describe('checkout: buying a plan through the hosted sandbox checkout', () => {
  const world = billingWorld({ demo: true });
  /** Buyers who can each own a few more spaces (an account owns at most 5). */
  let buyers: Caller[];

  beforeAll(async () => {
    buyers = [];
    for (const email of [
      'pat@gmail.com',
      'member@acme.example',
      'free.member@acme.example',
      'owner@northwind.example',
    ]) {
      buyers.push(await world.callerOf(email));
    }
  });

  const owners = new Map<string, { authorization: string }>();
  const api = (method: 'GET' | 'POST', url: string, payload?: object) => {
    const spaceId = /workspaces\/([0-9a-f-]{36})/.exec(url)?.[1];
    const headers = (spaceId && owners.get(spaceId)) || buyers[0]!.headers;
    return world.t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  };
  const base = (spaceId: string) => `/api/workspace-billing/workspaces/${spaceId}`;

  let spaces = 0;
  /** A new FREE space: each purchase needs a space without a subscription. */
  const newSpace = async () => {
    spaces += 1;
    const buyer = buyers[spaces % buyers.length]!;
    const res = await world.t.app.inject({
      method: 'POST',
      url: '/api/v1/workspaces',
      headers: buyer.headers,
      payload: { workspaceName: `Buying space ${spaces}`, userId: buyer.userId },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { workspaceId } = res.json() as { workspaceId: string };
    owners.set(workspaceId, buyer.headers);
    return workspaceId;
  };

  const purchaseBody = ({ country, interval = 'YEARLY' }: Purchase) => ({
    country,
    purchaseType: 'B2C' as const,
    billingInterval: interval,
    workspacePlan: 'PRO' as const,
  });
  const previewV2 = async (spaceId: string, purchase: Purchase) => {
    const res = await api('POST', `${base(spaceId)}/stripe/checkout/v2/info`, {
      ...purchaseBody(purchase),
      seatPlans: [{ userPlan: 'PRO_PERSONAL', quantity: purchase.seats }],
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PaymentInfo;
  };
  const startCheckout = async (spaceId: string, purchase: Purchase) => {
    const res = await api('POST', `${base(spaceId)}/stripe/checkout/v2/session`, {
      ...sessionFields(spaceId, purchase),
      seatPlans: [{ userPlan: 'PRO_PERSONAL', quantity: purchase.seats }],
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { stripeCheckoutSessionId: string; url: string };
  };

  const post = (url: string, form: Record<string, string>) => postForm(world.t.baseUrl, url, form);
  const pay = (checkoutUrl: string, cardNumber: string) => post(`${checkoutUrl}/pay`, { cardNumber });
  const sync = async (spaceId: string, sessionId: string) => {
    const res = await api('POST', `${base(spaceId)}/stripe/checkout/v1/session/${sessionId}/sync`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { status: string; subscriptionId: string | null };
  };
  const subscriptionsOf = async (spaceId: string) => {
    const res = await api(
      'GET',
      `${base(spaceId)}/subscriptions/v1?includePlans=true&retrieveAdditionalStripeInfo=true`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return listSubscriptionsV1.response.parse(res.json()).items;
  };

  it('CHK-064 CHK-066 CHK-068 CHK-072 API-029 API-030 BILL-028 PRICE-010 a person pays 7 seats in EUR with card 4242 on the hosted page, comes back, and the space has the active plan with 7 seats', async () => {
    const spaceId = await newSpace();
    const purchase: Purchase = { country: 'DE', seats: 7 };
    const preview = await previewV2(spaceId, purchase);
    expect(preview).toMatchObject({ currency: 'EUR', couponId: '5SEATS', taxRate: 19 });

    const checkout = await startCheckout(spaceId, purchase);
    expect(checkout.url).toBe(
      `${world.t.baseUrl}/sandbox/stripe/checkout/${checkout.stripeCheckoutSessionId}`,
    );
    const page = await fetch(checkout.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    // What a person reads: the markup's text, white space as a browser shows it.
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('Test sandbox');
    // The plan and the discount by the names our order summary gives them (issue 24).
    expect(text).toContain('Pro Personal 7 seats × €36.00 €252.00');
    expect(text).toContain('Volume discount (20% off) −€50.40');
    expect(text).not.toContain('5SEATS');
    expect(text).toContain('VAT (19%)');
    expect(html).toContain('<label for="card-number">Card number</label>');
    expect(html).toContain(`€${(preview.chargedToday / 100).toFixed(2)}`);

    const paid = await pay(checkout.url, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(
      `${world.t.baseUrl}/${spaceId}/buying-space-${spaces}/space/billing`,
    );
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      status: 'success',
      from: 'FREE',
      to: 'PRO',
      gmailSeats: '7',
      session_id: checkout.stripeCheckoutSessionId,
    });

    expect(await sync(spaceId, checkout.stripeCheckoutSessionId)).toMatchObject({ status: 'complete' });
    const [subscription, ...others] = await subscriptionsOf(spaceId);
    expect(others).toEqual([]);
    expect(subscription).toMatchObject({
      subscriptionStatus: 'ACTIVE',
      workspacePlan: 'PRO',
      billingInterval: 'YEARLY',
      subscriptionPaymentPlans: [expect.objectContaining({ totalSeats: 7, allowedQuantity: 100 })],
      additionalStripeInfo: expect.objectContaining({
        couponId: '5SEATS',
        couponPercentOff: 20,
        latestInvoice: expect.objectContaining({ paid: true }),
      }),
    });
    const [space] = await world.t.database.db.select().from(workspaces).where(eq(workspaces.id, spaceId));
    expect(space?.plan).toBe('PRO');

    // What was charged is what the preview said, to the cent.
    const session = await world.stripe.checkout.sessions.retrieve(checkout.stripeCheckoutSessionId);
    const invoice = await world.stripe.invoices.retrieve(session.invoice as string, { expand: ['payments'] });
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: preview.chargedToday,
      total: preview.totalAmount,
    });
    const invoiceText = await textOf(await fetch(invoice.hosted_invoice_url!));
    expect(invoiceText).toContain(`Amount paid €${(preview.chargedToday / 100).toFixed(2)}`);
    expect(invoiceText).toContain('7 × Pro Personal €252.00 Volume discount (20% off) −€50.40');
    expect(invoiceText).toContain(`VAT (19%) €${(preview.taxAmount / 100).toFixed(2)}`);
    const intentId = invoice.payments?.data[0]?.payment.payment_intent as string;
    expect(await world.stripe.paymentIntents.retrieve(intentId)).toMatchObject({ status: 'succeeded' });
    const live = await world.stripe.subscriptions.retrieve(session.subscription as string, {
      expand: ['discounts'],
    });
    expect(live.items.data[0]).toMatchObject({ quantity: 7 });
    expect(live.items.data[0]!.current_period_end).toBeGreaterThan(live.items.data[0]!.current_period_start);

    // The hosted page is closed now: paying again buys nothing more.
    expect((await pay(checkout.url, '4242424242424242')).status).toBe(200);
    const customerId = session.customer as string;
    const types = (await world.stripe.events.list({ limit: 100 })).data
      .filter((event) => JSON.stringify(event.data.object).includes(customerId))
      .map((event) => event.type);
    expect(types).toEqual(
      expect.arrayContaining(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']),
    );
  });

  it('SEAT-001 MEM-033 back from the checkout, the owner holds the first seat: paid in the members list and counted as assigned (1 of 3 seats used)', async () => {
    const spaceId = await newSpace();
    const purchase: Purchase = { country: 'US', seats: 3 };
    const checkout = await startCheckout(spaceId, purchase);
    expect((await pay(checkout.url, '4242 4242 4242 4242')).status).toBe(303);
    expect(await sync(spaceId, checkout.stripeCheckoutSessionId)).toMatchObject({ status: 'complete' });

    const [subscription] = await subscriptionsOf(spaceId);
    expect(subscription!.subscriptionPaymentPlans).toEqual([
      expect.objectContaining({ totalSeats: 3, assignedSeats: 1, availableSeats: 2 }),
    ]);
    const members = await api('GET', `/api/v1/workspaces/${spaceId}/members`);
    expect(members.statusCode, members.body).toBe(200);
    expect(listWorkspaceMembers.response.parse(members.json()).items).toEqual([
      expect.objectContaining({ role: 'OWNER', plan: 'PRO_PERSONAL' }),
    ]);
    const [owner] = await world.t.database.db
      .select({ isPaid: memberships.isPaid })
      .from(memberships)
      .where(and(eq(memberships.workspaceId, spaceId), eq(memberships.role, 'OWNER')));
    expect(owner).toEqual({ isPaid: true });

    // The sync runs again on every event: the count stays one seat, the owner's.
    await sync(spaceId, checkout.stripeCheckoutSessionId);
    const [again] = await subscriptionsOf(spaceId);
    expect(again!.subscriptionPaymentPlans![0]).toMatchObject({ assignedSeats: 1 });
  });

  it.each([
    [
      'CHK-052',
      { addressInfo: { country: 'de' } },
      'body.addressInfo.country',
      'Country is a required field',
    ],
    [
      'CHK-054',
      { isB2BTransaction: true, companyName: 'Acme GmbH', vatNumber: 'D' },
      'body.vatNumber',
      'The VAT ID is a required field for a business purchase',
    ],
    [
      'CHK-055',
      { isB2BTransaction: true, vatNumber: 'DE123456789' },
      'body.companyName',
      'Company name is a required field',
    ],
    [
      'CHK-056',
      { companyName: 'c'.repeat(257) },
      'body.companyName',
      'Company name must be at most 256 characters',
    ],
    ['CHK-057', { customerName: '  ' }, 'body.customerName', 'Name is a required field'],
    [
      'CHK-058',
      {
        isB2BTransaction: true,
        companyName: 'Acme GmbH',
        vatNumber: 'DE123456789',
        customerName: 'n'.repeat(31),
      },
      'body.customerName',
      'Company name must be at most 30 characters',
    ],
    [
      'CHK-059',
      { customerName: 'n'.repeat(257) },
      'body.customerName',
      'Name must be at most 256 characters',
    ],
    ['CHK-060', { addressInfo: { street: '' } }, 'body.addressInfo.street', 'Street is a required field'],
    ['CHK-061', { addressInfo: { city: 'B' } }, 'body.addressInfo.city', 'City is a required field'],
  ] as const)(
    '%s the server refuses the billing form with the spec text and writes nothing',
    async (_id, change, field, message) => {
      const spaceId = await newSpace();
      const fields = sessionFields(spaceId, { country: 'DE', seats: 2 });
      const changed = change as Record<string, unknown> & { addressInfo?: object };
      const res = await api('POST', `${base(spaceId)}/stripe/checkout/v2/session`, {
        ...fields,
        ...changed,
        addressInfo: { ...fields.addressInfo, ...changed.addressInfo },
        seatPlans: [{ userPlan: 'PRO_PERSONAL', quantity: 2 }],
      });
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { error: { fields: Record<string, string> } }).error.fields[field]).toBe(message);
      // Refused before the provider is called: no customer, no checkout.
      const [sessions, customers] = await Promise.all([
        world.t.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.workspaceId, spaceId)),
        world.t.database.db.select().from(billingCustomers).where(eq(billingCustomers.workspaceId, spaceId)),
      ]);
      expect({ sessions, customers }).toEqual({ sessions: [], customers: [] });
    },
  );

  it('CHK-074 CHK-067 a business in the EU with a malformed VAT id gets the field error and no checkout; a valid one buys without VAT', async () => {
    const spaceId = await newSpace();
    const business = {
      ...sessionFields(spaceId, { country: 'DE', seats: 5 }),
      isB2BTransaction: true,
      companyName: 'Acme GmbH',
      seatPlans: [{ userPlan: 'PRO_PERSONAL', quantity: 5 }],
    };
    const refused = await api('POST', `${base(spaceId)}/stripe/checkout/v2/session`, {
      ...business,
      vatNumber: '12',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: {
        code: 'tax_id_invalid',
        fields: { 'body.vatNumber': 'This VAT ID doesn’t seem to be valid.' },
      },
    });
    const accepted = await api('POST', `${base(spaceId)}/stripe/checkout/v2/session`, {
      ...business,
      vatNumber: 'DE123456789',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const session = await world.stripe.checkout.sessions.retrieve(
      (accepted.json() as { stripeCheckoutSessionId: string }).stripeCheckoutSessionId,
    );
    expect(session.total_details?.amount_tax).toBe(0);
    const taxIds = await world.stripe.customers.listTaxIds(session.customer as string);
    expect(taxIds.data.map((taxId) => taxId.value)).toEqual(['DE123456789']);
  });

  it('CHK-064 a declined card (4000 0000 0000 0002) shows the error on the page and buys nothing; the session stays open', async () => {
    const spaceId = await newSpace();
    const checkout = await startCheckout(spaceId, { country: 'US', seats: 1 });
    const declined = await pay(checkout.url, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    const html = await declined.text();
    expect(html).toContain('role="alert">Your card was declined.</p>');
    expect(html).toContain('aria-invalid="true"');
    expect(await world.stripe.checkout.sessions.retrieve(checkout.stripeCheckoutSessionId)).toMatchObject({
      status: 'open',
      subscription: null,
    });
    expect(await sync(spaceId, checkout.stripeCheckoutSessionId)).toEqual({
      status: 'open',
      subscriptionId: null,
    });
    expect(await subscriptionsOf(spaceId)).toEqual([]);
    expect(
      (
        await world.stripe.subscriptions.list({
          customer: (await world.stripe.checkout.sessions.retrieve(checkout.stripeCheckoutSessionId))
            .customer as string,
        })
      ).data,
    ).toEqual([]);
  });

  it('CHK-064 card 4000 0025 0000 3155 needs the authentication step: failing it buys nothing, completing it pays', async () => {
    const spaceId = await newSpace();
    const preview = await previewV2(spaceId, { country: 'US', seats: 1 });
    const checkout = await startCheckout(spaceId, { country: 'US', seats: 1 });
    const asked = await pay(checkout.url, '4000002500003155');
    expect(asked.status).toBe(303);
    const authUrl = new URL(asked.headers.get('location')!, world.t.baseUrl).href;
    expect(authUrl).toBe(`${checkout.url}/authenticate`);
    const authPage = await (await fetch(authUrl)).text();
    expect(authPage).toContain('Complete authentication');
    expect(authPage).toContain('Fail authentication');

    const failed = await post(authUrl, { result: 'fail' });
    expect(failed.status).toBe(402);
    expect(await failed.text()).toContain('We are unable to authenticate your payment method.');
    expect(await world.stripe.checkout.sessions.retrieve(checkout.stripeCheckoutSessionId)).toMatchObject({
      status: 'open',
    });

    await pay(checkout.url, '4000 0025 0000 3155');
    const completed = await post(authUrl, { result: 'complete' });
    expect(completed.status).toBe(303);
    expect(completed.headers.get('location')).toContain(`session_id=${checkout.stripeCheckoutSessionId}`);
    expect(await sync(spaceId, checkout.stripeCheckoutSessionId)).toMatchObject({ status: 'complete' });
    const [subscription] = await subscriptionsOf(spaceId);
    expect(subscription).toMatchObject({ subscriptionStatus: 'ACTIVE', amount: preview.subtotal });
  });

  it('CHK-064 the hosted page refuses a form posted from another site, and links back to cancel_url', async () => {
    const spaceId = await newSpace();
    const checkout = await startCheckout(spaceId, { country: 'US', seats: 1 });
    const page = await fetch(checkout.url);
    expect(await page.text()).toContain(`href="${world.t.baseUrl}/space/billing"`);
    // A browser sends `Origin: null` with a page's own forms under `no-referrer`; this keeps it real.
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    const forged = await fetch(`${checkout.url}/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: 'cardNumber=4242424242424242',
    });
    expect(forged.status).toBe(403);
    expect(await world.stripe.checkout.sessions.retrieve(checkout.stripeCheckoutSessionId)).toMatchObject({
      status: 'open',
    });
    expect((await fetch(`${world.t.baseUrl}/sandbox/stripe/checkout/cs_test_guessed`)).status).toBe(404);
  });

  it('RELIABILITY two checkouts for one space at once cannot create two live subscriptions', async () => {
    const spaceId = await newSpace();
    const started = await Promise.all(
      [1, 2].map(() =>
        api('POST', `${base(spaceId)}/stripe/checkout/v2/session`, {
          ...sessionFields(spaceId, { country: 'US', seats: 1 }),
          seatPlans: [{ userPlan: 'PRO_PERSONAL', quantity: 1 }],
        }),
      ),
    );
    const urls = started
      .filter((res) => res.statusCode === 200)
      .map((res) => (res.json() as { url: string }).url);
    expect(urls.length).toBeGreaterThan(0);
    const answers = await Promise.all(urls.map((url) => pay(url, '4242424242424242')));
    expect(answers.filter((res) => res.status === 303)).toHaveLength(1);
    const paidUrl = urls[answers.findIndex((res) => res.status === 303)]!;
    await sync(spaceId, paidUrl.split('/').at(-1)!);
    const live = (await subscriptionsOf(spaceId)).filter((sub) => sub.subscriptionStatus === 'ACTIVE');
    expect(live).toHaveLength(1);

    const again = await api('POST', `${base(spaceId)}/stripe/checkout/v2/session`, {
      ...sessionFields(spaceId, { country: 'US', seats: 1 }),
      seatPlans: [{ userPlan: 'PRO_PERSONAL', quantity: 1 }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'subscription_exists' } });
  });

  it('RELIABILITY webhook events twice and in reverse order, a stale incomplete one last, leave one active subscription', async () => {
    const spaceId = await newSpace();
    const checkout = await startCheckout(spaceId, { country: 'US', seats: 3 });
    expect((await pay(checkout.url, '4242424242424242')).status).toBe(303);
    // No return to the app: the sandbox's own webhook deliveries alone make the purchase ours.
    const rows = () =>
      world.t.database.db.select().from(subscriptions).where(eq(subscriptions.workspaceId, spaceId));
    await vi.waitFor(async () => expect((await rows()).map((row) => row.status)).toEqual(['ACTIVE']), {
      timeout: 15_000,
    });

    const session = await world.stripe.checkout.sessions.retrieve(checkout.stripeCheckoutSessionId);
    const created = (
      await world.stripe.events.list({ type: 'customer.subscription.created', limit: 100 })
    ).data.find((event) => (event.data.object as Stripe.Subscription).id === session.subscription)!;
    const stale = {
      ...created,
      id: `evt_stale_${randomUUID()}`,
      created: created.created - 60,
      type: 'customer.subscription.updated',
      data: { object: { ...created.data.object, status: 'incomplete' } },
    };
    const fresh = { ...created, id: `evt_fresh_${randomUUID()}` };
    for (const event of [fresh, stale]) {
      for (let delivery = 0; delivery < 2; delivery += 1) {
        const body = JSON.stringify(event);
        const res = await world.t.app.inject({
          method: 'POST',
          url: STRIPE_WEBHOOK_PATH,
          headers: {
            'content-type': 'application/json',
            'stripe-signature': stripeSignature(world.t.context.config.payments.webhookSecret, body),
          },
          payload: body,
        });
        expect(res.json()).toEqual({ received: true, duplicate: delivery === 1 });
      }
    }
    const recorded = await world.t.database.db
      .select()
      .from(providerEvents)
      .where(eq(providerEvents.eventId, stale.id));
    expect(recorded).toHaveLength(1);
    // Every new event re-reads the provider; wait until the queue has run the syncs they asked for.
    await vi.waitFor(
      async () => {
        const [row] = await rows();
        expect(row!.updatedAt.getTime()).toBeGreaterThan(recorded[0]!.receivedAt.getTime());
      },
      { timeout: 15_000 },
    );
    const after = await rows();
    expect(after.map((row) => [row.status, row.providerSubscriptionId])).toEqual([
      ['ACTIVE', session.subscription],
    ]);
  });

  describe('PRICE-002 PRICE-003 PRICE-010 PRICE-011 PRICE-012 PRICE-013 PRICE-014 CHK-072 previews match the charge to the cent', () => {
    const cases = [1, 5, 10, 25, 50, 100].flatMap((seats) =>
      (['US', 'DE'] as const).map((country) => ({ seats, country })),
    );
    let spaceId: string;
    beforeAll(async () => {
      spaceId = await newSpace();
    });

    it.each(cases)('API-029 API-030 v2: $seats seats from $country', async ({ seats, country }) => {
      const preview = await previewV2(spaceId, { country, seats });
      const checkout = await startCheckout(spaceId, { country, seats });
      const session = await world.stripe.checkout.sessions.retrieve(checkout.stripeCheckoutSessionId);
      expect(session.currency).toBe(country === 'US' ? 'usd' : 'eur');
      expect(session.amount_total).toBe(preview.chargedToday);
      expect(session.amount_total).toBe(preview.totalAmount);
      expect(session.total_details).toMatchObject({
        amount_discount: preview.discountAmount,
        amount_tax: preview.taxAmount,
      });
      expect(preview.totalAmount).toBe(preview.subtotal - preview.discountAmount + preview.taxAmount);
      expect(preview.taxAmount).toBe(
        Math.round(((preview.subtotal - preview.discountAmount) * preview.taxRate) / 100),
      );
    });

    it.each(cases)('API-027 API-028 CHK-070 v1: $seats users from $country', async ({ seats, country }) => {
      const res = await api('POST', `${base(spaceId)}/stripe/checkout/v1/info`, {
        ...purchaseBody({ country, seats }),
        userUpdates: Array.from({ length: seats }, () => ({
          userId: randomUUID(),
          userPlan: 'PRO_PERSONAL',
        })),
      });
      expect(res.statusCode, res.body).toBe(200);
      const preview = res.json() as PaymentInfo;
      const started = await api('POST', `${base(spaceId)}/stripe/checkout/v1/session`, {
        ...sessionFields(spaceId, { country, seats }),
        stripePlans: preview.stripePlans.map((plan) => ({
          stripePriceId: plan.stripePriceId,
          quantity: plan.quantity,
        })),
      });
      expect(started.statusCode, started.body).toBe(200);
      const session = await world.stripe.checkout.sessions.retrieve(
        (started.json() as { stripeCheckoutSessionId: string }).stripeCheckoutSessionId,
      );
      expect(session.amount_total).toBe(preview.chargedToday);
      expect(preview.stripePlans[0]?.quantity).toBe(seats);
    });

    it('PRICE-014 and the charge of 100 seats in EUR is the preview, once paid', async () => {
      const preview = await previewV2(spaceId, { country: 'DE', seats: 100 });
      const checkout = await startCheckout(spaceId, { country: 'DE', seats: 100 });
      expect((await pay(checkout.url, '4242424242424242')).status).toBe(303);
      const session = await world.stripe.checkout.sessions.retrieve(checkout.stripeCheckoutSessionId);
      const invoice = await world.stripe.invoices.retrieve(session.invoice as string);
      expect(invoice.amount_paid).toBe(preview.chargedToday);
      expect(invoice.total_taxes?.[0]?.amount).toBe(preview.taxAmount);
      expect(invoice.total_discount_amounts?.[0]?.amount).toBe(preview.discountAmount);
    });
  });

  /**
   * Issue 24: the billing page said $756/year for 18 seats while the sandbox's portal said
   * "18 seats × $60.00 per year" with no discount. The provider's pages now break the price down as
   * our order summary does (the plan by its label, the volume discount by its name), and their
   * totals are the billing page's figure.
   */
  describe('the hosted pages name the plan and the discount as the app does', () => {
    it('BILL-038 PRICE-010 18 seats: the portal and the invoice show the plan as the billing page names it, the volume discount line, and the billing page’s price as their total', async () => {
      const bought = await world.paidSpace('Hosted prices', { country: 'US', seats: 18 });
      const res = await world.call(
        'GET',
        `${billingBase(bought.spaceId)}/subscriptions/v1?includePlans=true&retrieveAdditionalStripeInfo=true`,
      );
      const [subscription] = listSubscriptionsV1.response.parse(res.json()).items;
      // The billing page's figures: the plan's label (the seats bought are Pro Personal seats) and price.
      const label = planLabel({ workspacePlan: 'PRO', legacyType: null, userPlan: 'PRO_PERSONAL' });
      expect(label).toBe(PLAN_LABELS.PRO_PERSONAL);
      // 18 × $36.00 = $648.00, 30% off (10SEATS) = −$194.40: $453.60 a year.
      expect(subscriptionPrice(subscription!).price).toBe('$453.60 / year');

      const portal = await world.call(
        'GET',
        `${billingBase(bought.spaceId)}/stripe/customer/v1/portal?returnUrl=${encodeURIComponent('/space/billing')}`,
      );
      const { stripeCustomerPortalUrl } = portal.json() as { stripeCustomerPortalUrl: string };
      const portalText = await textOf(await fetch(stripeCustomerPortalUrl));
      expect(portalText).toContain(`${label} 18 seats × $36.00 per year $648.00`);
      expect(portalText).toContain(`${VOLUME_DISCOUNT_NAME} (30% off) −$194.40`);
      expect(portalText).toContain('Total per year $453.60');
      expect(portalText).not.toContain('10SEATS');

      const invoice = (await world.stripe.invoices.list({ subscription: bought.providerId })).data[0]!;
      const invoiceText = await textOf(await fetch(invoice.hosted_invoice_url!));
      expect(invoiceText).toContain(`18 × ${label} $648.00`);
      expect(invoiceText).toContain(`${VOLUME_DISCOUNT_NAME} (30% off) −$194.40`);
      expect(invoiceText).toContain('Total $453.60');
      expect(invoiceText).toContain('Amount paid $453.60');
      expect(invoice.lines.data[0]?.description).toBe(`18 × ${label}`);
    });

    it('BILL-038 PRICE-015 the catalogue setup renames products and coupons an older setup named otherwise', async () => {
      await world.stripe.products.update('mergeboard_professional', { name: 'Pro (Google Workspace) seat' });
      await world.stripe.coupons.update('10SEATS', { name: '30% off 10+ seats' });
      await setUpCatalogue(world.stripe, world.t.database.db);
      expect((await world.stripe.products.retrieve('mergeboard_professional')).name).toBe(PLAN_LABELS.PRO);
      expect((await world.stripe.products.retrieve('mergeboard_personal')).name).toBe(
        PLAN_LABELS.PRO_PERSONAL,
      );
      expect(await world.stripe.coupons.retrieve('10SEATS')).toMatchObject({
        name: VOLUME_DISCOUNT_NAME,
        percent_off: 30,
      });
    });
  });
});
