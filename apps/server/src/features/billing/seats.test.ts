import { addSeatsV1, listSubscriptionsV1, scheduledSeatRemovalSchema } from '@mergeboard/core';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { scheduledSeatRemovals, workspaces } from '../../db/schema';
import { billingBase, postForm } from '../../testing/billing-test-kit';
import { billingWorld } from '../../testing/billing-world';

/**
 * Seats of a live subscription (000 §2 add/remove seats, §7; design/payments.md §3): every change
 * goes through the SDK to the sandbox, as it would to Stripe, and our rows follow by the sync.
 */
describe('seats: add now, remove at the renewal', () => {
  const world = billingWorld({ demo: true });
  const { call, callAs, callerOf, paidSpace, subscriptionOf, useCard, addSeats, syncCustomer } = world;
  const preview = world.previewSeats;
  const seatsUrl = (space: string, subscription: string) =>
    `${billingBase(space)}/subscriptions/v2/${subscription}/seats/v1`;
  const removalsUrl = (space: string, subscription: string) =>
    `${seatsUrl(space, subscription)}/scheduled-removals`;

  const seatPlanOf = async (space: string) => {
    const subscription = await subscriptionOf(space);
    return { subscription, plan: subscription.subscriptionPaymentPlans![0]! };
  };

  it('SEAT-009 SEAT-010 SEAT-011 SEAT-015 SEAT-016 the preview’s proration date makes the charge equal the preview to the cent; seats follow once paid', async () => {
    const { spaceId, subscriptionId, providerId } = await paidSpace('Seats bought now', {
      country: 'US',
      seats: 2,
    });
    const info = await preview(spaceId, 3);
    expect(info.prorationDate).toEqual(expect.any(Number));
    expect(info.proratedDays).toBeGreaterThan(360);
    expect(info.chargedToday).toBeGreaterThan(0);
    expect(info.stripePlans).toMatchObject([{ quantity: 5 }]);
    expect(info).toMatchObject({
      currency: 'USD',
      currentBillingInterval: 'YEARLY',
      targetBillingInterval: 'YEARLY',
    });
    expect(info.totalAmount).toBeGreaterThan(info.currentAmount!);

    const res = await addSeats(spaceId, subscriptionId, 3, info.prorationDate!);
    expect(res.statusCode, res.body).toBe(200);
    const purchase = addSeatsV1.response.parse(res.json());
    expect(purchase).toMatchObject({
      subscriptionId,
      expectedTotalSeats: 5,
      latestInvoice: { paid: true, paymentState: 'PAID', paymentIntent: { status: 'succeeded' } },
    });
    expect(purchase.latestInvoice.amountPaid).toBe(info.chargedToday);
    expect((await world.stripe.subscriptions.retrieve(providerId)).items.data[0]!.quantity).toBe(5);
    const { plan, subscription } = await seatPlanOf(spaceId);
    expect(plan).toMatchObject({ totalSeats: 5 });
    expect(subscription.amount).toBe(info.subtotal);
  });

  it('SEAT-007 a purchase past 100 seats is refused with the spec’s text, and a MEMBER, an admin or a stranger cannot buy', async () => {
    const { spaceId, subscriptionId } = await paidSpace('Seats at the cap', { country: 'US', seats: 99 });
    const res = await addSeats(spaceId, subscriptionId, 2);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: { code: 'max_users_reached', message: 'Your current plan allows a maximum of 100 paid users.' },
    });
    const previewed = await call('POST', `${billingBase(spaceId)}/stripe/checkout/v2/info`, {
      country: 'US',
      billingInterval: 'YEARLY',
      workspacePlan: 'PRO',
      seatPlans: [{ userPlan: 'PRO_PERSONAL', quantity: 2 }],
      previewProratedAmounts: true,
    });
    expect(previewed.json()).toMatchObject({ error: { code: 'max_users_reached' } });
    const stranger = await callerOf('owner@northwind.example');
    expect(
      (
        await callAs(stranger, 'POST', seatsUrl(spaceId, subscriptionId), {
          seatPlans: [{ userPlan: 'PRO_PERSONAL', quantity: 1 }],
        })
      ).statusCode,
    ).toBe(404);
  });

  it('SEAT-015 a subscription our team set up (SUPPORT) takes no seat purchase: subscription_not_active', async () => {
    const [umbrella] = await world.t.database.db
      .select()
      .from(workspaces)
      .where(eq(workspaces.name, 'Umbrella Labs'));
    const customOwner = await callerOf('owner@umbrella.example');
    const list = await callAs(customOwner, 'GET', `${billingBase(umbrella!.id)}/subscriptions/v1`);
    const [support] = listSubscriptionsV1.response.parse(list.json()).items;
    const res = await callAs(customOwner, 'POST', seatsUrl(umbrella!.id, support!.subscriptionId), {
      seatPlans: [{ userPlan: 'PRO', quantity: 1 }],
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'subscription_not_active' } });
  });

  it('SEAT-015 BILL-019 a card that needs authentication leaves the purchase waiting for confirmation; the seats stay as paid', async () => {
    const { spaceId, subscriptionId } = await paidSpace('Seats to confirm', { country: 'US', seats: 2 });
    await useCard(spaceId, '4000002500003155');

    const res = await addSeats(spaceId, subscriptionId, 1);
    expect(res.statusCode, res.body).toBe(200);
    const purchase = addSeatsV1.response.parse(res.json());
    expect(purchase).toMatchObject({
      expectedTotalSeats: 3,
      latestInvoice: {
        paid: false,
        paymentState: 'REQUIRES_CONFIRMATION',
        paymentIntent: { status: 'requires_action' },
      },
    });
    expect(purchase.latestInvoice.hostedInvoiceUrl).toContain('/sandbox/stripe/invoices/');
    expect((await seatPlanOf(spaceId)).plan.totalSeats).toBe(2);
  });

  it('SEAT-015 BILL-014 seats confirmed by the card holder while a cycle change waits: once their invoice is paid, the next phase sells them too', async () => {
    const { spaceId, subscriptionId, providerId } = await paidSpace('Seats confirmed, then monthly', {
      country: 'US',
      seats: 2,
    });
    const change = await call('PUT', `${billingBase(spaceId)}/subscriptions/v1/${subscriptionId}`, {
      billingInterval: 'MONTHLY',
    });
    expect(change.statusCode, change.body).toBe(200);
    const nextPhase = async () => {
      const provider = await world.stripe.subscriptions.retrieve(providerId);
      const schedule = await world.stripe.subscriptionSchedules.retrieve(provider.schedule as string);
      return schedule.phases.at(-1)!.items[0]!;
    };
    const monthly = (await nextPhase()).price;
    expect(await nextPhase()).toMatchObject({ quantity: 2 });

    await useCard(spaceId, '4000002500003155');
    const res = await addSeats(spaceId, subscriptionId, 1);
    expect(res.statusCode, res.body).toBe(200);
    const { latestInvoice } = addSeatsV1.response.parse(res.json());
    expect(latestInvoice.paymentState).toBe('REQUIRES_CONFIRMATION');
    // Not paid yet: the renewal still sells 2.
    expect(await nextPhase()).toMatchObject({ quantity: 2 });

    const confirmed = await postForm(world.t.baseUrl, `${latestInvoice.hostedInvoiceUrl!}/authenticate`, {
      result: 'complete',
    });
    expect(confirmed.status).toBe(303);
    const customerId = (await world.stripe.subscriptions.retrieve(providerId)).customer as string;
    const sync = () => syncCustomer(customerId);
    await sync();
    expect(await nextPhase()).toMatchObject({ price: monthly, quantity: 3 });
    // A sync again (a late webhook) adds nothing more.
    await sync();
    expect(await nextPhase()).toMatchObject({ price: monthly, quantity: 3 });
    const { plan, subscription } = await seatPlanOf(spaceId);
    expect(plan.totalSeats).toBe(3);
    expect(subscription.scheduledChanges).toMatchObject({ targetBillingInterval: 'MONTHLY' });
  });

  it('SEAT-015 a declined card answers 402 payment_failed and changes nothing: no seats, no open invoice left', async () => {
    const { spaceId, subscriptionId, providerId } = await paidSpace('Seats declined', {
      country: 'US',
      seats: 2,
    });
    await useCard(spaceId, '4000000000000341');

    const res = await addSeats(spaceId, subscriptionId, 1);
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ error: { code: 'payment_failed' } });
    const provider = await world.stripe.subscriptions.retrieve(providerId);
    expect(provider.items.data[0]!.quantity).toBe(2);
    expect(provider.pending_update).toBeNull();
    const open = await world.stripe.invoices.list({ subscription: providerId, status: 'open' });
    expect(open.data).toHaveLength(0);
    expect((await seatPlanOf(spaceId)).plan.totalSeats).toBe(2);
  });

  it('RELIABILITY 20 concurrent add-seat requests each charge once and the seats equal the sum paid', async () => {
    const { spaceId, subscriptionId, providerId } = await paidSpace('Seats in a rush', {
      country: 'US',
      seats: 2,
    });
    const answers = await Promise.all(Array.from({ length: 20 }, () => addSeats(spaceId, subscriptionId, 1)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    const invoices = await world.stripe.invoices.list({ subscription: providerId, limit: 100 });
    const updates = invoices.data.filter((invoice) => invoice.billing_reason === 'subscription_update');
    expect(updates).toHaveLength(20);
    expect(updates.every((invoice) => invoice.status === 'paid' && invoice.amount_paid > 0)).toBe(true);
    expect((await world.stripe.subscriptions.retrieve(providerId)).items.data[0]!.quantity).toBe(22);
    expect((await seatPlanOf(spaceId)).plan).toMatchObject({ totalSeats: 22 });
  }, 120_000);

  it('SEAT-003 SEAT-022 SEAT-025 SEAT-028 SEAT-029 a removal waits in the schedule; it blocks seat changes until the owner cancels it', async () => {
    const { spaceId, subscriptionId, providerId } = await paidSpace('Seats to remove', {
      country: 'US',
      seats: 4,
    });
    const { plan } = await seatPlanOf(spaceId);
    const remove = (targetSeatsQuantity: number) =>
      call('POST', removalsUrl(spaceId, subscriptionId), {
        subscriptionPlanSeats: [{ paymentPlanId: plan.paymentPlanId, targetSeatsQuantity }],
      });
    expect((await call('GET', `${removalsUrl(spaceId, subscriptionId)}?status=PENDING`)).statusCode).toBe(
      404,
    );
    expect((await remove(4)).json()).toMatchObject({ error: { code: 'validation_failed' } });

    const res = await remove(2);
    expect(res.statusCode, res.body).toBe(200);
    const removal = scheduledSeatRemovalSchema.parse(res.json());
    const provider = await world.stripe.subscriptions.retrieve(providerId);
    expect(removal).toMatchObject({
      subscriptionId,
      paymentPlanId: plan.paymentPlanId,
      targetSeatsQuantity: 2,
      status: 'PENDING',
      removeSeatsAtTimestamp: provider.items.data[0]!.current_period_end * 1000,
    });
    expect(removal.targetSubscriptionAmount).toBe(provider.items.data[0]!.price.unit_amount! * 2);
    expect(provider.schedule).toEqual(expect.any(String));
    expect(provider.items.data[0]!.quantity).toBe(4);
    const got = await call('GET', `${removalsUrl(spaceId, subscriptionId)}?status=PENDING`);
    expect(got.json()).toEqual(removal);

    expect((await remove(3)).json()).toMatchObject({ error: { code: 'seat_removal_scheduled' } });
    expect((await addSeats(spaceId, subscriptionId, 1)).json()).toMatchObject({
      error: { code: 'seat_removal_scheduled' },
    });

    const canceled = await call('DELETE', removalsUrl(spaceId, subscriptionId));
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(scheduledSeatRemovalSchema.parse(canceled.json())).toMatchObject({
      scheduledRemovalId: removal.scheduledRemovalId,
      status: 'CANCELED',
    });
    expect((await world.stripe.subscriptions.retrieve(providerId)).schedule).toBeNull();
    expect((await call('GET', removalsUrl(spaceId, subscriptionId))).statusCode).toBe(404);
    expect((await call('DELETE', removalsUrl(spaceId, subscriptionId))).statusCode).toBe(404);
  });

  it('SEAT-022 a removal below the assigned seats is refused with seats_in_use', async () => {
    const { spaceId, subscriptionId } = await paidSpace('Seats in use', { country: 'US', seats: 3 });
    const added = await call('POST', `/api/v1/workspaces/${spaceId}/users/v1`, {
      userEmails: ['seat.one@gmail.com', 'seat.two@gmail.com'],
    });
    expect(added.statusCode, added.body).toBe(200);
    const { plan } = await seatPlanOf(spaceId);
    // The owner's seat (taken at the checkout) and the two added.
    expect(plan.assignedSeats).toBe(3);
    const res = await call('POST', removalsUrl(spaceId, subscriptionId), {
      subscriptionPlanSeats: [{ paymentPlanId: plan.paymentPlanId, targetSeatsQuantity: 1 }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: { code: 'seats_in_use', message: 'You need to remove members before removing seats.' },
    });
  });

  it('SEAT-003 SEAT-015 seats bought, then a removal scheduled in the same period: after the phase change the subscription holds the target, the removal APPLIED; a replayed renewal changes nothing', async () => {
    const { spaceId, subscriptionId, providerId, clock } = await paidSpace(
      'Seats over a renewal',
      { country: 'US', seats: 3, interval: 'MONTHLY' },
      { clock: true },
    );
    expect((await addSeats(spaceId, subscriptionId, 2)).statusCode).toBe(200);
    const { plan } = await seatPlanOf(spaceId);
    expect(plan.totalSeats).toBe(5);
    const scheduled = await call('POST', removalsUrl(spaceId, subscriptionId), {
      subscriptionPlanSeats: [{ paymentPlanId: plan.paymentPlanId, targetSeatsQuantity: 4 }],
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const end = (await world.stripe.subscriptions.retrieve(providerId)).items.data[0]!.current_period_end;

    await world.stripe.testHelpers.testClocks.advance(clock!.id, { frozen_time: end + 3600 });
    const renewed = await world.stripe.subscriptions.retrieve(providerId);
    expect(renewed.items.data[0]).toMatchObject({ quantity: 4, current_period_start: end });
    const customerId = renewed.customer as string;
    await syncCustomer(customerId);
    const after = await seatPlanOf(spaceId);
    expect(after.plan.totalSeats).toBe(4);
    const removals = await world.t.database.db
      .select()
      .from(scheduledSeatRemovals)
      .where(eq(scheduledSeatRemovals.subscriptionId, subscriptionId));
    expect(removals.map((removal) => removal.status)).toEqual(['APPLIED']);
    expect((await call('GET', removalsUrl(spaceId, subscriptionId))).statusCode).toBe(404);

    // The first event of this subscription, delivered late: the sync re-reads the provider.
    const events = await world.stripe.events.list({ type: 'customer.subscription.updated', limit: 100 });
    const old = events.data
      .filter((event) => (event.data.object as Stripe.Subscription).id === providerId)
      .at(-1)!;
    await syncCustomer((old.data.object as Stripe.Subscription).customer as string);
    const replayed = await seatPlanOf(spaceId);
    expect(replayed.plan).toEqual(after.plan);
    expect({ ...replayed.subscription, lastUpdateTimestamp: null }).toEqual({
      ...after.subscription,
      lastUpdateTimestamp: null,
    });
    const [row] = await world.t.database.db
      .select()
      .from(scheduledSeatRemovals)
      .where(eq(scheduledSeatRemovals.subscriptionId, subscriptionId));
    expect(row).toEqual(removals[0]);
  }, 60_000);
});
