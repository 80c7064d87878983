import { LIST_PRICES_USD, listSubscriptionsV1, updateSubscriptionV1 } from '@mergeboard/core';
import { describe, expect, it } from 'vitest';
import { billingBase } from '../../testing/billing-test-kit';
import { billingWorld } from '../../testing/billing-world';

/**
 * Changes to a live subscription (API-032, 000 §4 subscription change): the billing cycle changes
 * at the end of the current one through the subscription's schedule, round-tripped through the SDK
 * to the sandbox, and the summary's preview says what is charged today and at the renewal.
 */
describe('subscription update: billing cycle and paid users', () => {
  const world = billingWorld({ demo: true });
  const { call, paidSpace, subscriptionOf, previewChange, syncCustomer } = world;

  const updateUrl = (space: string, subscription: string) =>
    `${billingBase(space)}/subscriptions/v1/${subscription}`;

  /** What the billing page's 'Starting {date}: {price}' and renewal lines read: the next invoice. */
  const upcomingInvoiceOf = async (space: string) => {
    const res = await call('GET', `${billingBase(space)}/subscriptions/v1?retrieveAdditionalStripeInfo=true`);
    return listSubscriptionsV1.response.parse(res.json()).items[0]!.additionalStripeInfo?.upcomingInvoice;
  };

  it('CHK-044 CHK-045 CHK-046 BILL-013 BILL-014 BILL-027 yearly to monthly waits for the end of the cycle, is refused twice, and is cancelled', async () => {
    const { spaceId, subscriptionId, providerId } = await paidSpace('Cycle change', {
      country: 'US',
      seats: 3,
    });
    const info = await previewChange(spaceId, {
      billingInterval: 'MONTHLY',
      userUpdates: [{ userId: world.owner.userId, userPlan: 'PRO_PERSONAL' }],
    });
    expect(info).toMatchObject({
      chargedToday: 0,
      prorationDate: null,
      currentBillingInterval: 'YEARLY',
      targetBillingInterval: 'MONTHLY',
      stripePlans: [{ quantity: 3 }],
    });
    expect(info.totalAmount).toBeGreaterThan(0);
    expect(info.totalAmount).toBeLessThan(info.currentAmount!);

    const res = await call('PUT', updateUrl(spaceId, subscriptionId), { billingInterval: 'MONTHLY' });
    expect(res.statusCode, res.body).toBe(200);
    const updated = updateSubscriptionV1.response.parse(res.json());
    expect(updated).toMatchObject({
      subscriptionId,
      billingInterval: 'YEARLY',
      scheduledChanges: { targetBillingInterval: 'MONTHLY', changeTimestamp: updated.endTimestamp },
    });
    expect(updated.stripeSubscriptionScheduleId).toEqual(expect.any(String));
    const provider = await world.stripe.subscriptions.retrieve(providerId);
    expect(provider.schedule).toBe(updated.stripeSubscriptionScheduleId);
    const schedule = await world.stripe.subscriptionSchedules.retrieve(provider.schedule as string);
    expect(schedule.phases).toHaveLength(2);
    expect(schedule.phases[1]).toMatchObject({ start_date: provider.items.data[0]!.current_period_end });
    expect(schedule.phases[1]!.items[0]).toMatchObject({ quantity: 3 });
    // BILL-013: the next invoice bills the 3 seats monthly, as the summary previewed it.
    expect(await upcomingInvoiceOf(spaceId)).toEqual({
      amountDue: 3 * LIST_PRICES_USD.PERSONAL.MONTHLY * 100,
    });
    expect(info.totalAmount).toBe(3 * LIST_PRICES_USD.PERSONAL.MONTHLY * 100);

    const again = await call('PUT', updateUrl(spaceId, subscriptionId), { billingInterval: 'MONTHLY' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'billing_cycle_change_scheduled' } });

    const canceled = await call('PUT', updateUrl(spaceId, subscriptionId), {
      cancelScheduledBillingIntervalChange: true,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(updateSubscriptionV1.response.parse(canceled.json())).toMatchObject({
      billingInterval: 'YEARLY',
      scheduledChanges: null,
      stripeSubscriptionScheduleId: null,
    });
    expect((await world.stripe.subscriptions.retrieve(providerId)).schedule).toBeNull();
    expect(await upcomingInvoiceOf(spaceId)).toEqual({
      amountDue: 3 * LIST_PRICES_USD.PERSONAL.YEARLY * 100,
    });
    const nothing = await call('PUT', updateUrl(spaceId, subscriptionId), {
      cancelScheduledBillingIntervalChange: true,
    });
    expect(nothing.json()).toMatchObject({ error: { code: 'nothing_to_change' } });
  });

  it('BILL-013 seats bought while monthly→yearly waits are kept by the phase change: the renewal bills the year for all seats', async () => {
    const { spaceId, subscriptionId, providerId, clock } = await paidSpace(
      'Cycle change and seats',
      { country: 'US', seats: 2, interval: 'MONTHLY' },
      { clock: true },
    );
    const changed = await call('PUT', updateUrl(spaceId, subscriptionId), { billingInterval: 'YEARLY' });
    expect(changed.statusCode, changed.body).toBe(200);
    const added = await call('POST', `${billingBase(spaceId)}/subscriptions/v2/${subscriptionId}/seats/v1`, {
      seatPlans: [{ userPlan: 'PRO_PERSONAL', quantity: 2 }],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(await subscriptionOf(spaceId)).toMatchObject({
      billingInterval: 'MONTHLY',
      scheduledChanges: { targetBillingInterval: 'YEARLY' },
      subscriptionPaymentPlans: [{ totalSeats: 4 }],
    });

    const end = (await world.stripe.subscriptions.retrieve(providerId)).items.data[0]!.current_period_end;
    await world.stripe.testHelpers.testClocks.advance(clock!.id, { frozen_time: end + 3600 });
    const renewed = await world.stripe.subscriptions.retrieve(providerId);
    expect(renewed.items.data[0]).toMatchObject({ quantity: 4, price: { recurring: { interval: 'year' } } });
    await syncCustomer(renewed.customer as string);
    expect(await subscriptionOf(spaceId)).toMatchObject({
      billingInterval: 'YEARLY',
      scheduledChanges: null,
      subscriptionPaymentPlans: [{ totalSeats: 4 }],
    });
  }, 60_000);

  it('BILL-017 BILL-018 a renewal the card cannot pay makes the subscription PAST_DUE; after the last retry it is CANCELED, the space FREE, and a late sync changes nothing', async () => {
    const { spaceId, subscriptionId, providerId, clock } = await paidSpace(
      'Renewal fails',
      { country: 'US', seats: 2, interval: 'MONTHLY' },
      { clock: true, card: '4000000000000341' },
    );
    const sync = async () =>
      syncCustomer((await world.stripe.subscriptions.retrieve(providerId)).customer as string);
    const end = (await world.stripe.subscriptions.retrieve(providerId)).items.data[0]!.current_period_end;
    await world.stripe.testHelpers.testClocks.advance(clock!.id, { frozen_time: end + 3600 });
    await sync();
    expect(await subscriptionOf(spaceId)).toMatchObject({ subscriptionId, subscriptionStatus: 'PAST_DUE' });

    await world.stripe.testHelpers.testClocks.advance(clock!.id, { frozen_time: end + 20 * 86_400 });
    expect((await world.stripe.subscriptions.retrieve(providerId)).status).toBe('canceled');
    await sync();
    const canceled = await subscriptionOf(spaceId);
    expect(canceled).toMatchObject({ subscriptionStatus: 'CANCELED' });
    const space = await call('GET', `/api/v1/workspaces/${spaceId}`);
    expect(space.json()).toMatchObject({ plan: 'FREE' });
    await sync();
    expect({ ...(await subscriptionOf(spaceId)), lastUpdateTimestamp: null }).toEqual({
      ...canceled,
      lastUpdateTimestamp: null,
    });
  }, 60_000);

  it('CHK-046 CHK-088 MEM-033 a paid user made free leaves at the renewal: nothing charged today; a stranger’s id is refused; the last paid user cannot be made free', async () => {
    const { spaceId } = await paidSpace('Paid users change', { country: 'US', seats: 3 });
    const info = await previewChange(spaceId, {
      billingInterval: 'YEARLY',
      userUpdates: [{ userId: world.owner.userId, userPlan: 'FREE' }],
    });
    expect(info).toMatchObject({ chargedToday: 0, prorationDate: null, stripePlans: [{ quantity: 2 }] });
    const refused = await call(
      'POST',
      `${billingBase(spaceId)}/stripe/checkout/v1/info?previewProratedChanges=true`,
      {
        country: 'US',
        workspacePlan: 'PRO',
        billingInterval: 'YEARLY',
        userUpdates: [{ userId: '00000000-0000-4000-8000-000000000000', userPlan: 'PRO_PERSONAL' }],
      },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { fields: { 'body.userUpdates': expect.any(String) } } });

    const subscription = await subscriptionOf(spaceId);
    const lastPaid = await call('PUT', updateUrl(spaceId, subscription.subscriptionId), {
      workspaceUserPlans: [
        {
          stripePriceId: subscription.subscriptionPaymentPlans![0]!.stripePriceId,
          userIds: [world.owner.userId],
          downgradeToFree: true,
        },
      ],
    });
    expect(lastPaid.statusCode).toBe(409);
    expect(lastPaid.json()).toMatchObject({
      error: {
        code: 'cannot_downgrade',
        message: 'You cannot downgrade. At least one user must be paid as long as a subscription is active.',
      },
    });
  });
});
