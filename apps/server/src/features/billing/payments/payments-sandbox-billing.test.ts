import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningTestApp } from '../../../testing/listening-app';
import type { TestApp } from '../../../testing/test-app';

/**
 * The sandbox's billing objects through the SDK: the shapes and refusals our checkout code relies
 * on (design/payments.md §1: post-2025 shapes only), before any page is involved.
 */
describe('payments: checkout sessions, previews and invoices in the sandbox', () => {
  let t: TestApp & { baseUrl: string };
  let stripe: Stripe;
  let customer: Stripe.Customer;
  let monthly: Stripe.Price;
  let vat: Stripe.TaxRate;

  beforeAll(async () => {
    t = await createListeningTestApp();
    stripe = t.context.payments.stripe;
    customer = await stripe.customers.create({ email: 'shapes@acme.example' });
    monthly = await stripe.prices.create({
      currency: 'eur',
      unit_amount: 1999,
      recurring: { interval: 'month' },
      product_data: { name: 'Pro seat' },
    });
    vat = await stripe.taxRates.create({
      display_name: 'VAT',
      percentage: 21,
      inclusive: false,
      country: 'NL',
    });
    await stripe.coupons.create({ id: 'TENOFF', percent_off: 10, duration: 'forever' });
  });
  afterAll(() => t.close());

  const session = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: monthly.id, quantity: 3, tax_rates: [vat.id] }],
      discounts: [{ coupon: 'TENOFF' }],
      success_url: `${t.baseUrl}/back?session={CHECKOUT_SESSION_ID}`,
      cancel_url: `${t.baseUrl}/cancel`,
      ...overrides,
    });

  it('CHK-072 a preview and a checkout of the same items agree to the cent: coupon per line, then tax', async () => {
    const preview = await stripe.invoices.createPreview({
      customer: customer.id,
      currency: 'eur',
      discounts: [{ coupon: 'TENOFF' }],
      subscription_details: { items: [{ price: monthly.id, quantity: 3, tax_rates: [vat.id] }] },
    });
    // 3 × 19.99 = 59.97; 10% off = 5.997 → 6.00; 21% of 53.97 = 11.3337 → 11.33.
    expect(preview).toMatchObject({ subtotal: 5997, total: 6530, amount_due: 6530, currency: 'eur' });
    expect(preview.total_discount_amounts?.[0]?.amount).toBe(600);
    expect(preview.total_taxes?.[0]).toMatchObject({ amount: 1133, tax_rate_details: { tax_rate: vat.id } });
    expect(preview.lines.data[0]).toMatchObject({
      amount: 5997,
      quantity: 3,
      pricing: { price_details: { price: monthly.id } },
    });
    const created = await session();
    expect(created).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      amount_total: preview.total,
      total_details: { amount_discount: 600, amount_tax: 1133 },
      url: `${t.baseUrl}/sandbox/stripe/checkout/${created.id}`,
    });
    expect(created).not.toHaveProperty('line_items');
    const withItems = await stripe.checkout.sessions.retrieve(created.id, { expand: ['line_items'] });
    expect(withItems.line_items?.data[0]).toMatchObject({ quantity: 3, amount_total: preview.total });
  });

  it('CHK-064 expires an open session once; a second expiry is refused as Stripe refuses it', async () => {
    const created = await session();
    expect(await stripe.checkout.sessions.expire(created.id)).toMatchObject({ status: 'expired', url: null });
    await expect(stripe.checkout.sessions.expire(created.id)).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
    const page = await fetch(created.url!);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('This checkout has expired');
  });

  it('RELIABILITY refuses what Stripe refuses: a missing price, mixed currencies, a payment mode, a missing session', async () => {
    await expect(session({ line_items: [{ price: 'price_missing', quantity: 1 }] })).rejects.toMatchObject({
      code: 'resource_missing',
      param: 'line_items[0][price]',
      statusCode: 404,
    });
    const usd = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 100,
      recurring: { interval: 'month' },
      product_data: { name: 'USD seat' },
    });
    await expect(
      session({
        line_items: [
          { price: monthly.id, quantity: 1 },
          { price: usd.id, quantity: 1 },
        ],
      }),
    ).rejects.toMatchObject({ param: 'line_items[1][price]', statusCode: 400 });
    await expect(session({ mode: 'payment' })).rejects.toMatchObject({ param: 'mode' });
    await expect(stripe.checkout.sessions.retrieve('cs_test_missing')).rejects.toMatchObject({
      code: 'resource_missing',
    });
    await expect(stripe.taxRates.retrieve(vat.id)).resolves.toMatchObject({
      percentage: 21,
      inclusive: false,
    });
  });

  it('BILL-033 billing portal sessions answer Stripe’s shape with a hosted portal page, for a known customer only', async () => {
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: `${t.baseUrl}/space/billing`,
    });
    expect(portal).toMatchObject({
      object: 'billing_portal.session',
      customer: customer.id,
      return_url: `${t.baseUrl}/space/billing`,
      livemode: false,
    });
    expect(portal.url).toBe(`${t.baseUrl}/sandbox/stripe/portal/${portal.id}`);
    expect((await fetch(portal.url)).status).toBe(200);
    await expect(stripe.billingPortal.sessions.create({ customer: 'cus_missing' })).rejects.toMatchObject({
      code: 'resource_missing',
      param: 'customer',
      statusCode: 404,
    });
  });
});
