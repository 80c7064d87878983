import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningTestApp } from '../../../testing/listening-app';
import type { TestApp } from '../../../testing/test-app';
import { postHostedForm, subscribeOnClock } from '../../../testing/sandbox-journeys';

const DAY = 86_400;

/**
 * Seats bought now through the sandbox, as the billing server buys them (design/payments.md §3):
 * `subscriptions.update` with always_invoice, a fixed proration_date and pending_if_incomplete,
 * previewed first with `invoices.createPreview`. Only the SDK and the hosted pages.
 */
describe('payments: seats added now in the sandbox', () => {
  let t: TestApp & { baseUrl: string };
  let stripe: Stripe;
  let price: Stripe.Price;
  let vat: Stripe.TaxRate;

  beforeAll(async () => {
    t = await createListeningTestApp();
    stripe = t.context.payments.stripe;
    price = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 2000,
      recurring: { interval: 'month' },
      product_data: { name: 'Pro seat' },
    });
    vat = await stripe.taxRates.create({ display_name: 'VAT', percentage: 19, inclusive: false });
    await stripe.coupons.create({ id: 'SEATS10', percent_off: 10, duration: 'forever' });
  });
  afterAll(() => t.close());

  const subscribe = (card: string, quantity = 3) =>
    subscribeOnClock(stripe, {
      baseUrl: t.baseUrl,
      card,
      line: { price: price.id, quantity, tax_rates: [vat.id] },
      discounts: [{ coupon: 'SEATS10' }],
    });

  const itemOf = async (subscriptionId: string) =>
    (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!;

  it('preview equals the charge to the cent: prorations from proration_date, coupon and tax per line', async () => {
    const { start, subscriptionId } = await subscribe('4242424242424242');
    const item = await itemOf(subscriptionId);
    const prorationDate = start + 10 * DAY;
    const change = { items: [{ id: item.id, quantity: 5 }], proration_date: prorationDate };

    const preview = await stripe.invoices.createPreview({
      subscription: subscriptionId,
      subscription_details: { ...change, proration_behavior: 'always_invoice' },
    });
    const updated = await stripe.subscriptions.update(subscriptionId, {
      ...change,
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
      expand: ['latest_invoice'],
    });
    const invoice = updated.latest_invoice as Stripe.Invoice;

    // 31-day period, 21 days left: credit 3 × 20.00 × 21/31 = 40.65, charge 5 × 20.00 × 21/31 = 67.74;
    // 10% off each line (-4.07, 6.77), then 19% VAT on what is left (-6.95, 11.58).
    expect(preview.amount_due).toBe(2902);
    expect(invoice.amount_due).toBe(preview.amount_due);
    expect(invoice).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_update',
      amount_paid: 2902,
    });
    expect(invoice.lines.data.map((line) => line.amount)).toEqual(
      preview.lines.data.map((line) => line.amount),
    );
    expect(invoice.lines.data.map((line) => line.amount)).toEqual([-4065, 6774]);
    expect(invoice.lines.data[1]).toMatchObject({
      description: expect.stringMatching(/^Remaining time on 5 × .+ after 25 Jan 2026$/),
      period: { start: prorationDate, end: item.current_period_end },
      parent: { subscription_item_details: { proration: true, subscription_item: item.id } },
    });
    expect(invoice.total_taxes?.[0]?.amount).toBe(preview.total_taxes?.[0]?.amount);
    expect(updated.items.data[0]).toMatchObject({ id: item.id, quantity: 5 });
    expect(updated.pending_update).toBeNull();

    // The next renewal bills the new quantity for a whole period.
    const upcoming = await stripe.invoices.createPreview({ subscription: subscriptionId });
    expect(upcoming.lines.data).toHaveLength(1);
    expect(upcoming.lines.data[0]).toMatchObject({ quantity: 5, amount: 10000 });
  });

  it('card 3155: the seats wait in pending_update until the invoice is authenticated on its hosted page', async () => {
    const { subscriptionId } = await subscribe('4000002500003155');
    const item = await itemOf(subscriptionId);
    const updated = await stripe.subscriptions.update(subscriptionId, {
      items: [{ id: item.id, quantity: 4 }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
      metadata: { seatsChange: 'c-1' },
      expand: ['latest_invoice.payments'],
    });
    expect(updated.items.data[0]!.quantity).toBe(3);
    expect(updated.status).toBe('active');
    expect(updated.pending_update).toMatchObject({
      subscription_items: [{ id: item.id, quantity: 4 }],
      metadata: { seatsChange: 'c-1' },
    });
    expect(updated.metadata).not.toHaveProperty('seatsChange');
    const invoice = updated.latest_invoice as Stripe.Invoice;
    expect(invoice.status).toBe('open');
    const intent = await stripe.paymentIntents.retrieve(
      invoice.payments!.data[0]!.payment.payment_intent as string,
    );
    expect(intent.status).toBe('requires_action');

    const page = await fetch(invoice.hosted_invoice_url!);
    expect(await page.text()).toContain('Complete authentication');
    const confirmed = await postHostedForm(`${invoice.hosted_invoice_url!}/authenticate`, t.baseUrl, {
      result: 'complete',
    });
    expect(confirmed.status).toBe(303);

    const after = await stripe.subscriptions.retrieve(subscriptionId);
    expect(after.items.data[0]!.quantity).toBe(4);
    expect(after.pending_update).toBeNull();
    expect(after.metadata).toMatchObject({ seatsChange: 'c-1' });
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({ status: 'paid' });
  });

  it('a refused card leaves the seats pending until the portal card update pays the invoice', async () => {
    const { customer, subscriptionId } = await subscribe('4000000000000341');
    const item = await itemOf(subscriptionId);
    const updated = await stripe.subscriptions.update(subscriptionId, {
      items: [{ id: item.id, quantity: 6 }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
      expand: ['latest_invoice.payments'],
    });
    const invoice = updated.latest_invoice as Stripe.Invoice;
    const intent = await stripe.paymentIntents.retrieve(
      invoice.payments!.data[0]!.payment.payment_intent as string,
    );
    expect(intent.status).toBe('requires_payment_method');
    expect(updated.items.data[0]!.quantity).toBe(3);

    await expect(stripe.invoices.pay(invoice.id)).rejects.toMatchObject({
      statusCode: 402,
      code: 'card_declined',
    });
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id });
    await postHostedForm(`${portal.url}/card`, t.baseUrl, { cardNumber: '4242424242424242' });
    const after = await stripe.subscriptions.retrieve(subscriptionId);
    expect(after.items.data[0]!.quantity).toBe(6);
    expect(after.pending_update).toBeNull();
    await expect(stripe.invoices.pay(invoice.id)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('voiding the refused update’s invoice drops the pending update: the seats stay as they were', async () => {
    const { subscriptionId } = await subscribe('4000000000000341');
    const item = await itemOf(subscriptionId);
    const updated = await stripe.subscriptions.update(subscriptionId, {
      items: [{ id: item.id, quantity: 6 }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
    });
    const invoiceId = updated.latest_invoice as string;
    expect(updated.pending_update).not.toBeNull();

    expect(await stripe.invoices.voidInvoice(invoiceId)).toMatchObject({
      status: 'void',
      amount_remaining: 0,
      status_transitions: { voided_at: expect.any(Number) },
    });
    const after = await stripe.subscriptions.retrieve(subscriptionId);
    expect(after.pending_update).toBeNull();
    expect(after.items.data[0]!.quantity).toBe(3);
    await expect(stripe.invoices.voidInvoice(invoiceId)).rejects.toMatchObject({
      statusCode: 400,
      code: 'invoice_not_open',
    });
    await expect(stripe.invoices.pay(invoiceId)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('error_if_incomplete refuses a declined update with 402 and changes nothing', async () => {
    const { subscriptionId } = await subscribe('4000000000000341');
    const item = await itemOf(subscriptionId);
    const before = await stripe.invoices.list({ subscription: subscriptionId });
    await expect(
      stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, quantity: 6 }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
      }),
    ).rejects.toMatchObject({ type: 'StripeCardError', statusCode: 402, code: 'card_declined' });
    expect((await itemOf(subscriptionId)).quantity).toBe(3);
    expect((await stripe.invoices.list({ subscription: subscriptionId })).data).toHaveLength(
      before.data.length,
    );
  });

  it('create_prorations leaves the prorations to the next renewal; none bills nothing for the change', async () => {
    const { clock, start, subscriptionId } = await subscribe('4242424242424242', 2);
    const item = await itemOf(subscriptionId);
    await stripe.subscriptions.update(subscriptionId, {
      items: [{ id: item.id, quantity: 3 }],
      proration_behavior: 'create_prorations',
      proration_date: start + 10 * DAY,
    });
    const upcoming = await stripe.invoices.createPreview({ subscription: subscriptionId });
    expect(upcoming.lines.data.map((line) => line.amount)).toEqual([6000, -2710, 4065]);
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: item.current_period_end + 60 });
    const renewed = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
    expect((renewed.latest_invoice as Stripe.Invoice).amount_due).toBe(upcoming.amount_due);

    await stripe.subscriptions.update(subscriptionId, {
      items: [{ id: item.id, quantity: 4 }],
      proration_behavior: 'none',
    });
    const next = await stripe.invoices.createPreview({ subscription: subscriptionId });
    expect(next.lines.data.map((line) => line.amount)).toEqual([8000]);
  });

  it('refuses what Stripe refuses: a proration_date out of the period, an unknown item, a cancel with pending_if_incomplete', async () => {
    const { start, subscriptionId } = await subscribe('4242424242424242');
    const item = await itemOf(subscriptionId);
    await expect(
      stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, quantity: 4 }],
        proration_behavior: 'always_invoice',
        proration_date: start - DAY,
      }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'proration_date' });
    await expect(
      stripe.invoices.createPreview({
        subscription: subscriptionId,
        subscription_details: { items: [{ id: item.id, quantity: 4 }], proration_date: start + 40 * DAY },
      }),
    ).rejects.toMatchObject({ param: 'proration_date' });
    await expect(
      stripe.subscriptions.update(subscriptionId, { items: [{ id: 'si_missing', quantity: 4 }] }),
    ).rejects.toMatchObject({ code: 'resource_missing', param: 'items[0][id]' });
    await expect(
      stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, quantity: 4 }],
        payment_behavior: 'pending_if_incomplete',
        cancel_at_period_end: true,
      }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'cancel_at_period_end' });
    expect((await itemOf(subscriptionId)).quantity).toBe(3);
  });

  it('sends each change as events with their own ids and real created times', async () => {
    const { subscriptionId } = await subscribe('4242424242424242');
    const item = await itemOf(subscriptionId);
    await stripe.subscriptions.update(subscriptionId, {
      items: [{ id: item.id, quantity: 7 }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
    });
    const events = await stripe.events.list({ type: 'customer.subscription.updated', limit: 100 });
    const ours = events.data.filter(
      (event) => (event.data.object as Stripe.Subscription).id === subscriptionId,
    );
    expect(ours.length).toBeGreaterThan(0);
    const update = ours.find(
      (event) => (event.data.object as Stripe.Subscription).items.data[0]!.quantity === 7,
    )!;
    expect(update.data.previous_attributes).toHaveProperty('items');
    expect(Math.abs(update.created - Date.now() / 1000)).toBeLessThan(120);
    const ids = events.data.map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
