import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningTestApp } from '../../../testing/listening-app';
import type { TestApp } from '../../../testing/test-app';
import { subscribeOnClock } from '../../../testing/sandbox-journeys';

const DAY = 86_400;

/**
 * The sandbox's test clock (design/payments.md §2): a customer on a clock lives on its time, and
 * advancing the clock renews that customer's subscriptions, charging the saved card off-session.
 * Driven through the SDK; the first payment goes through the hosted page as a person pays.
 */
describe('payments: the sandbox test clock renews subscriptions', () => {
  let t: TestApp & { baseUrl: string };
  let stripe: Stripe;
  let price: Stripe.Price;

  beforeAll(async () => {
    t = await createListeningTestApp();
    stripe = t.context.payments.stripe;
    price = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 2000,
      recurring: { interval: 'month' },
      product_data: { name: 'Pro seat' },
    });
  });
  afterAll(() => t.close());

  /** A customer on a new clock, subscribed to `seats` seats by paying its checkout with `card`. */
  const subscribedOnClock = async (card: string, seats: number) => {
    const subscribed = await subscribeOnClock(stripe, {
      baseUrl: t.baseUrl,
      card,
      line: { price: price.id, quantity: seats },
    });
    expect(subscribed.paid.headers.get('location')).toMatch(/\/done\?session=cs_test_/);
    return subscribed;
  };

  it('starts the subscription at the clock time and bills the next month when the clock passes its end', async () => {
    const { clock, start, subscriptionId } = await subscribedOnClock('4242424242424242', 3);
    const first = await stripe.subscriptions.retrieve(subscriptionId);
    expect(first.items.data[0]).toMatchObject({ current_period_start: start });
    const firstEnd = first.items.data[0]!.current_period_end;
    expect(new Date(firstEnd * 1000).toISOString()).toBe('2026-02-15T12:00:00.000Z');

    const advanced = await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: firstEnd + DAY });
    expect(advanced).toMatchObject({ status: 'ready', frozen_time: firstEnd + DAY });
    const renewed = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]).toMatchObject({ current_period_start: firstEnd });
    const invoice = renewed.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      billing_reason: 'subscription_cycle',
      status: 'paid',
      amount_paid: 6000,
      period_start: firstEnd,
    });
    const nested = await stripe.subscriptions.retrieve(subscriptionId, {
      expand: ['latest_invoice.payments', 'latest_invoice.confirmation_secret'],
    });
    const latest = nested.latest_invoice as Stripe.Invoice;
    expect(latest.payments?.data[0]?.payment).toMatchObject({ type: 'payment_intent' });
    expect(latest.confirmation_secret).toMatchObject({ type: 'payment_intent' });
    expect(invoice).not.toHaveProperty('payments');
    const invoices = await stripe.invoices.list({ subscription: subscriptionId });
    expect(invoices.data).toHaveLength(2);

    await expect(
      stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start }),
    ).rejects.toMatchObject({ param: 'frozen_time', statusCode: 400 });
  });

  it('card 4000 0000 0000 0341 pays at checkout but fails the renewal: past_due, the invoice open', async () => {
    const { clock, subscriptionId } = await subscribedOnClock('4000000000000341', 1);
    const first = await stripe.subscriptions.retrieve(subscriptionId);
    await stripe.testHelpers.testClocks.advance(clock.id, {
      frozen_time: first.items.data[0]!.current_period_end + 1,
    });
    const renewed = await stripe.subscriptions.retrieve(subscriptionId);
    expect(renewed.status).toBe('past_due');
    const invoice = await stripe.invoices.retrieve(renewed.latest_invoice as string, {
      expand: ['payments'],
    });
    expect(invoice).toMatchObject({ status: 'open', amount_paid: 0, amount_remaining: 2000 });
    const intent = await stripe.paymentIntents.retrieve(
      invoice.payments!.data[0]!.payment.payment_intent as string,
    );
    expect(intent.status).toBe('requires_payment_method');
  });

  it('is reachable with rawRequest as the design names it', async () => {
    const clock = await stripe.rawRequest('POST', '/v1/test_helpers/test_clocks', {
      frozen_time: 1_700_000_000,
    });
    expect(clock).toMatchObject({ object: 'test_helpers.test_clock', frozen_time: 1_700_000_000 });
  });
});
