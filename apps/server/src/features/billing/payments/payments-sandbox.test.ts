import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { providerEvents } from '../../../db/schema';
import { sandboxStripeObjects } from '../../../embedded/stripe-sandbox/schema';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { stripeSignature } from '../../../embedded/stripe-sandbox';
import { createStripe } from './stripe-client';
import { STRIPE_WEBHOOK_PATH } from './stripe-webhook';

/**
 * The payment sandbox, driven only through the `stripe` SDK over real HTTP, as our billing code
 * will drive it (design/payments.md §1–2), and the webhook endpoint its events arrive at.
 */
describe('payments: the sandbox through the stripe SDK, and the webhook endpoint', () => {
  let t: TestApp;
  let origin: string;
  let stripe: Stripe;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    stripe = createStripe({ payments: t.context.config.payments, sandboxOrigin: () => origin });
  });
  afterAll(() => t.close());

  const eventsOf = (type: string) =>
    t.database.db.select().from(providerEvents).where(eq(providerEvents.type, type));

  /** Posts a body to our webhook endpoint as Stripe would, with the given signature header. */
  const postWebhook = (body: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      payload: body,
    });

  const sandboxEvent = (id: string) =>
    JSON.stringify({
      id,
      object: 'event',
      type: 'customer.updated',
      created: 1,
      data: { object: { id: 'cus_x' } },
    });

  it('CHK-066 a customer made through the SDK comes back as Stripe shapes it, and its event arrives signed at our webhook', async () => {
    const customer = await stripe.customers.create({
      email: 'billing@acme.example',
      name: 'Acme Sales',
      address: { country: 'DE', city: 'Berlin', line1: 'Unter den Linden 1', postal_code: '10117' },
      metadata: { workspaceId: 'ws-1' },
    });
    expect(customer).toMatchObject({
      object: 'customer',
      email: 'billing@acme.example',
      address: { country: 'DE', city: 'Berlin', line2: null },
      metadata: { workspaceId: 'ws-1' },
      livemode: false,
    });
    expect(customer.id).toMatch(/^cus_[A-Za-z0-9]{24}$/);

    const updated = await stripe.customers.update(customer.id, {
      metadata: { workspaceId: '', plan: 'PRO' },
    });
    expect(updated.metadata).toEqual({ plan: 'PRO' });
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ metadata: { plan: 'PRO' } });

    // Delivered after the call answered, verified by the SDK's constructEvent on our side.
    await vi.waitFor(async () => expect(await eventsOf('customer.created')).toHaveLength(1), {
      timeout: 5000,
    });
    await vi.waitFor(async () => expect(await eventsOf('customer.updated')).toHaveLength(1), {
      timeout: 5000,
    });
    const [created] = await eventsOf('customer.created');
    expect(created?.payload).toMatchObject({ data: { object: { id: customer.id } } });
  });

  it('CHK-074 an eu_vat tax id is checked as Stripe checks it: a malformed one is tax_id_invalid on value', async () => {
    const customer = await stripe.customers.create({ email: 'vat@acme.example' });
    const error = await stripe.customers
      .createTaxId(customer.id, { type: 'eu_vat', value: '123456789' })
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ code: 'tax_id_invalid', param: 'value', statusCode: 400 });

    const taxId = await stripe.customers.createTaxId(customer.id, {
      type: 'eu_vat',
      value: 'DE 123 456 789',
    });
    expect(taxId).toMatchObject({
      object: 'tax_id',
      value: 'DE123456789',
      country: 'DE',
      customer: customer.id,
    });
    const list = await stripe.customers.listTaxIds(customer.id);
    expect(list.data.map((entry) => entry.id)).toEqual([taxId.id]);
  });

  it('PRICE-009 PRICE-010 prices are found by lookup key, a key names one price, coupons keep their ids', async () => {
    const product = await stripe.products.create({ name: 'Pro' });
    const yearly = await stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 6000,
      recurring: { interval: 'year' },
      lookup_key: 'workspace.pro.year.usd',
    });
    expect(yearly).toMatchObject({ type: 'recurring', recurring: { interval: 'year', interval_count: 1 } });

    const taken = await stripe.prices
      .create({
        product: product.id,
        currency: 'usd',
        unit_amount: 6500,
        lookup_key: 'workspace.pro.year.usd',
      })
      .catch((caught: unknown) => caught);
    expect(taken).toMatchObject({ type: 'StripeInvalidRequestError', param: 'lookup_key' });

    const moved = await stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 6500,
      recurring: { interval: 'year' },
      lookup_key: 'workspace.pro.year.usd',
      transfer_lookup_key: true,
    });
    const found = await stripe.prices.list({
      lookup_keys: ['workspace.pro.year.usd'],
      expand: ['data.product'],
    });
    expect(found.data.map((price) => price.id)).toEqual([moved.id]);

    const coupon = await stripe.coupons.create({ id: '5SEATS', percent_off: 20, duration: 'forever' });
    expect(await stripe.coupons.retrieve('5SEATS')).toMatchObject({
      id: coupon.id,
      percent_off: 20,
      valid: true,
    });
    await expect(
      stripe.coupons.create({ id: '5SEATS', percent_off: 20, duration: 'forever' }),
    ).rejects.toMatchObject({ code: 'resource_already_exists' });
  });

  it('RELIABILITY an Idempotency-Key replays the first answer and refuses other parameters', async () => {
    const first = await stripe.customers.create({ email: 'once@acme.example' }, { idempotencyKey: 'key-1' });
    const again = await stripe.customers.create({ email: 'once@acme.example' }, { idempotencyKey: 'key-1' });
    expect(again.id).toBe(first.id);
    const rows = await t.database.db
      .select()
      .from(sandboxStripeObjects)
      .where(eq(sandboxStripeObjects.object, 'customer'));
    expect(rows.filter((row) => row.data.email === 'once@acme.example')).toHaveLength(1);
    await expect(
      stripe.customers.create({ email: 'other@acme.example' }, { idempotencyKey: 'key-1' }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('RELIABILITY the sandbox answers only its own key, unknown parameters and objects as Stripe does', async () => {
    const stranger = createStripe({
      payments: { provider: 'sandbox', secretKey: 'sk_test_guess' },
      sandboxOrigin: () => origin,
    });
    await expect(stranger.customers.list()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({
      code: 'resource_missing',
      statusCode: 404,
    });
    await expect(
      stripe.customers.create({ email: 'x@acme.example', unknown_field: 'x' } as Stripe.CustomerCreateParams),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'unknown_field' });
  });

  describe('the webhook endpoint', () => {
    const secret = () => t.context.config.payments.webhookSecret;

    it('RELIABILITY accepts a Stripe-format signature once per event: a second delivery changes nothing', async () => {
      const body = sandboxEvent('evt_twice');
      const first = await postWebhook(body, stripeSignature(secret(), body));
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ received: true, duplicate: false });
      const second = await postWebhook(body, stripeSignature(secret(), body));
      expect(second.json()).toEqual({ received: true, duplicate: true });
      const rows = await t.database.db
        .select()
        .from(providerEvents)
        .where(eq(providerEvents.eventId, 'evt_twice'));
      expect(rows).toHaveLength(1);
    });

    it.each([
      ['a wrong secret', (body: string) => stripeSignature('whsec_wrong', body)],
      ['no signature', () => undefined],
      [
        'a signature ten minutes old',
        (body: string) => stripeSignature(secret(), body, Math.floor(Date.now() / 1000) - 600),
      ],
      ['another body', () => stripeSignature(secret(), sandboxEvent('evt_other'))],
    ])('RELIABILITY refuses %s with 400 and writes nothing', async (_case, sign) => {
      const body = sandboxEvent('evt_refused');
      const res = await postWebhook(body, sign(body));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'webhook_signature_invalid' } });
      const rows = await t.database.db
        .select()
        .from(providerEvents)
        .where(eq(providerEvents.eventId, 'evt_refused'));
      expect(rows).toEqual([]);
    });
  });
});
