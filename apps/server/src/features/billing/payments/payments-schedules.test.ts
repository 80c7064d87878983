import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningTestApp } from '../../../testing/listening-app';
import type { TestApp } from '../../../testing/test-app';
import { postHostedForm, subscribeOnClock } from '../../../testing/sandbox-journeys';

const DAY = 86_400;

/**
 * Changes at a period end (fewer seats, yearly ⇄ monthly) through one subscription schedule, and
 * failed renewals with their automatic retries, all driven by the sandbox's test clock through
 * the SDK (design/payments.md §2–3).
 */
describe('payments: schedules and failed renewals in the sandbox', () => {
  let t: TestApp & { baseUrl: string };
  let stripe: Stripe;
  let monthly: Stripe.Price;
  let yearly: Stripe.Price;

  beforeAll(async () => {
    t = await createListeningTestApp();
    stripe = t.context.payments.stripe;
    const product = await stripe.products.create({ name: 'Pro seat' });
    monthly = await stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 2000,
      recurring: { interval: 'month' },
    });
    yearly = await stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 20000,
      recurring: { interval: 'year' },
    });
  });
  afterAll(() => t.close());

  const subscribe = (card: string, price: Stripe.Price, quantity: number) =>
    subscribeOnClock(stripe, { baseUrl: t.baseUrl, card, line: { price: price.id, quantity } });

  /** The schedule's phases: the current one as it is, then `next` from the period end. */
  const nextPhase = async (
    scheduleId: string,
    current: number,
    next: { price: string; quantity: number },
  ) => {
    const schedule = await stripe.subscriptionSchedules.retrieve(scheduleId);
    const phase = schedule.phases[0]!;
    return stripe.subscriptionSchedules.update(scheduleId, {
      end_behavior: 'release',
      phases: [
        {
          items: [{ price: phase.items[0]!.price as string, quantity: current }],
          start_date: phase.start_date,
          end_date: phase.end_date,
        },
        { items: [next] },
      ],
    });
  };

  it('a scheduled removal and a seat purchase in the same period leave the right quantity after the phase change', async () => {
    const { clock, subscriptionId } = await subscribe('4242424242424242', monthly, 5);
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: subscriptionId });
    expect(schedule).toMatchObject({
      status: 'active',
      end_behavior: 'release',
      subscription: subscriptionId,
    });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).schedule).toBe(schedule.id);
    const periodEnd = schedule.phases[0]!.end_date;

    // Remove one seat at period end, then buy two now: the next phase is rebuilt on the new count.
    await nextPhase(schedule.id, 5, { price: monthly.id, quantity: 4 });
    const item = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!;
    await stripe.subscriptions.update(subscriptionId, {
      items: [{ id: item.id, quantity: 7 }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
    });
    const rebuilt = await nextPhase(schedule.id, 7, { price: monthly.id, quantity: 6 });
    expect(rebuilt.phases.map((phase) => phase.items[0]!.quantity)).toEqual([7, 6]);
    expect(rebuilt.phases[1]).toMatchObject({ start_date: periodEnd });

    const upcoming = await stripe.invoices.createPreview({ subscription: subscriptionId });
    expect(upcoming.lines.data[0]).toMatchObject({ quantity: 6, amount: 12000 });

    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: periodEnd + 60 });
    const renewed = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
    expect(renewed.items.data[0]!.quantity).toBe(6);
    expect(renewed.latest_invoice).toMatchObject({
      billing_reason: 'subscription_cycle',
      amount_due: 12000,
      status: 'paid',
    });
    expect(renewed.schedule).toBe(schedule.id);
    expect(await stripe.subscriptionSchedules.retrieve(schedule.id)).toMatchObject({
      status: 'active',
      current_phase: { start_date: periodEnd },
    });

    // The last phase ends: released (end_behavior release), the subscription goes on as it is.
    const lastEnd = renewed.items.data[0]!.current_period_end;
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: lastEnd + 60 });
    expect(await stripe.subscriptionSchedules.retrieve(schedule.id)).toMatchObject({
      status: 'released',
      released_subscription: subscriptionId,
    });
    const released = await stripe.subscriptions.retrieve(subscriptionId);
    expect(released).toMatchObject({ schedule: null, status: 'active' });
    expect(released.items.data[0]!.quantity).toBe(6);
  });

  it('yearly to monthly at the period end: the renewal bills the monthly price for a month', async () => {
    const { clock, subscriptionId } = await subscribe('4242424242424242', yearly, 2);
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: subscriptionId });
    await nextPhase(schedule.id, 2, { price: monthly.id, quantity: 2 });
    const yearEnd = schedule.phases[0]!.end_date;
    expect(new Date(yearEnd * 1000).toISOString()).toBe('2027-01-15T12:00:00.000Z');

    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: yearEnd + 60 });
    const renewed = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
    expect(renewed.items.data[0]).toMatchObject({ price: { id: monthly.id }, quantity: 2 });
    expect(new Date(renewed.items.data[0]!.current_period_end * 1000).toISOString()).toBe(
      '2027-02-15T12:00:00.000Z',
    );
    expect(renewed.latest_invoice).toMatchObject({ amount_due: 4000, status: 'paid' });
  });

  it('refuses a second schedule, releases and cancels as Stripe does, and lists by customer', async () => {
    const { customer, subscriptionId } = await subscribe('4242424242424242', monthly, 3);
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: subscriptionId });
    await expect(
      stripe.subscriptionSchedules.create({ from_subscription: subscriptionId }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'from_subscription' });
    await expect(
      stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
    ).rejects.toMatchObject({ param: 'cancel_at_period_end' });
    expect(
      (await stripe.subscriptionSchedules.list({ customer: customer.id })).data.map((s) => s.id),
    ).toEqual([schedule.id]);

    const released = await stripe.subscriptionSchedules.release(schedule.id);
    expect(released).toMatchObject({ status: 'released', released_subscription: subscriptionId });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).schedule).toBeNull();
    await expect(stripe.subscriptionSchedules.release(schedule.id)).rejects.toMatchObject({
      statusCode: 400,
    });

    const again = await stripe.subscriptionSchedules.create({ from_subscription: subscriptionId });
    expect(await stripe.subscriptionSchedules.cancel(again.id)).toMatchObject({ status: 'canceled' });
    expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({ status: 'canceled' });
  });

  it('a failed renewal is retried on days 3, 7 and 14, then the subscription is canceled', async () => {
    const { clock, subscriptionId } = await subscribe('4000000000000341', monthly, 1);
    const end = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!.current_period_end;
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: end + 60 });
    const failed = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
    expect(failed.status).toBe('past_due');
    const invoice = failed.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'open', attempt_count: 1, next_payment_attempt: end + 3 * DAY });

    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: end + 3 * DAY + 60 });
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({
      attempt_count: 2,
      next_payment_attempt: end + 7 * DAY,
    });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('past_due');

    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: end + 14 * DAY + 60 });
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({
      status: 'open',
      attempt_count: 4,
      next_payment_attempt: null,
    });
    expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({
      status: 'canceled',
      cancellation_details: { reason: 'payment_failed' },
    });
    const deleted = await stripe.events.list({ type: 'customer.subscription.deleted', limit: 100 });
    expect(
      deleted.data.some((event) => (event.data.object as Stripe.Subscription).id === subscriptionId),
    ).toBe(true);
  });

  it('after a card update in the portal, the next automatic retry charges the new card and the subscription is active again', async () => {
    const { clock, customer, subscriptionId } = await subscribe('4000000000000341', monthly, 1);
    const end = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!.current_period_end;
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: end + 60 });
    // 3155 saved in the portal: paying at once there needs authentication, a later retry does not.
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id });
    await postHostedForm(`${portal.url}/card`, t.baseUrl, { cardNumber: '4000002500003155' });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('past_due');

    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: end + 3 * DAY + 60 });
    const recovered = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
    expect(recovered.status).toBe('active');
    expect(recovered.latest_invoice).toMatchObject({ status: 'paid', next_payment_attempt: null });
  });
});
