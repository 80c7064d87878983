import {
  listWorkspaceMembers,
  scheduledSeatRemovalSchema,
  updateSubscriptionV1,
  workspaceUserPlansOf,
} from '@mergeboard/core';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberships, rolloutStatus, users, workspaces } from '../../db/schema';
import { billingBase, postForm } from '../../testing/billing-test-kit';
import { billingWorld } from '../../testing/billing-world';
import { provisionDemoPurchases } from '../../embedded/demo';
type Plan = 'FREE' | 'PRO' | 'PRO_PERSONAL';

/**
 * Paid-user changes of a live per-seat subscription (000 §2 member type, §4 paid-user selection,
 * §5; 001 §4; design/payments.md §3): made paid now at the prorated seat price, made free at the
 * renewal; through our HTTP API, the SDK and the sandbox, as with Stripe.
 */
describe('paid users: upgrade now, downgrade at the renewal', () => {
  const world = billingWorld({ demo: true });
  const { call, paidSpace, subscriptionOf, useCard, syncCustomer } = world;

  const updateUrl = (space: string, subscription: string) =>
    `${billingBase(space)}/subscriptions/v1/${subscription}`;

  /** A member who joined the space before (test setup): free unless told otherwise. */
  const member = async (spaceId: string, email: string, userPlan: Plan = 'FREE') => {
    const [user] = await world.t.database.db.insert(users).values({ email, name: email }).returning();
    await world.t.database.db
      .insert(memberships)
      .values({ workspaceId: spaceId, userId: user!.id, userPlan, isPaid: userPlan !== 'FREE' });
    return user!.id;
  };
  const membersOf = async (space: string) => {
    const res = await call('GET', `/api/v1/workspaces/${space}/members`);
    expect(res.statusCode, res.body).toBe(200);
    return listWorkspaceMembers.response.parse(res.json()).items;
  };
  const planOf = async (space: string, userId: string) =>
    (await membersOf(space)).find((item) => item.id === userId)!;
  const previewChange = (
    space: string,
    userUpdates: { userId: string; userPlan: Plan }[],
    billingInterval: 'YEARLY' | 'MONTHLY' = 'YEARLY',
  ) => world.previewChange(space, { billingInterval, userUpdates });
  /** The summary's update: every user paid afterwards under the price, and those made free. */
  const changeUsers = async (
    space: string,
    change: { paid?: string[]; free?: string[]; prorationDate?: number | null; priceId?: string },
  ) => {
    const subscription = await subscriptionOf(space);
    const stripePriceId = change.priceId ?? subscription.subscriptionPaymentPlans![0]!.stripePriceId;
    const workspaceUserPlans = [
      ...(change.paid ? [{ stripePriceId, userIds: change.paid, downgradeToFree: false }] : []),
      ...(change.free ? [{ stripePriceId, userIds: change.free, downgradeToFree: true }] : []),
    ];
    return call('PUT', updateUrl(space, subscription.subscriptionId), {
      workspaceUserPlans,
      ...(change.prorationDate ? { prorationDate: change.prorationDate } : {}),
    });
  };
  /** What a refused change must leave as it was: members, seats, and the provider's quantity. */
  const snapshot = async (space: string, providerId: string) => ({
    members: (await membersOf(space)).map((item) => [item.id, item.plan, item.isScheduledToBeDowngraded]),
    plan: (await subscriptionOf(space)).subscriptionPaymentPlans![0],
    quantity: (await world.stripe.subscriptions.retrieve(providerId)).items.data[0]!.quantity,
  });

  it('MEM-033 CHK-081 free members made paid take the unused seat for nothing, then one bought now at the previewed price; they read paid in the members list and the seats follow', async () => {
    const { spaceId, providerId } = await paidSpace('Paid users upgrade', { country: 'US', seats: 2 });
    const first = await member(spaceId, 'upgrade.first@gmail.com');
    const second = await member(spaceId, 'upgrade.second@gmail.com');
    const before = await subscriptionOf(spaceId);
    expect(before.subscriptionPaymentPlans![0]).toMatchObject({ totalSeats: 2 });

    // The owner holds one of the two seats; the other is unused, so the first costs nothing.
    const free = await previewChange(spaceId, [{ userId: first, userPlan: 'PRO_PERSONAL' }]);
    expect(free).toMatchObject({ chargedToday: 0, prorationDate: null, stripePlans: [{ quantity: 2 }] });
    const assigned = await changeUsers(spaceId, { paid: [world.owner.userId, first] });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(updateSubscriptionV1.response.parse(assigned.json())).toMatchObject({ amount: before.amount });
    expect(await planOf(spaceId, first)).toMatchObject({ plan: 'PRO_PERSONAL' });
    const invoicesBefore = await world.stripe.invoices.list({ subscription: providerId, limit: 100 });

    const info = await previewChange(spaceId, [{ userId: second, userPlan: 'PRO_PERSONAL' }]);
    expect(info.chargedToday).toBeGreaterThan(0);
    expect(info.prorationDate).toEqual(expect.any(Number));
    expect(info.stripePlans).toMatchObject([{ quantity: 3 }]);
    const res = await changeUsers(spaceId, {
      paid: [world.owner.userId, first, second],
      prorationDate: info.prorationDate,
    });
    expect(res.statusCode, res.body).toBe(200);
    const invoicesAfter = await world.stripe.invoices.list({ subscription: providerId, limit: 100 });
    expect(invoicesAfter.data.length).toBe(invoicesBefore.data.length + 1);
    const charged = invoicesAfter.data.find((invoice) => invoice.billing_reason === 'subscription_update')!;
    expect(charged).toMatchObject({ status: 'paid', amount_paid: info.chargedToday });
    expect((await world.stripe.subscriptions.retrieve(providerId)).items.data[0]!.quantity).toBe(3);
    expect(await planOf(spaceId, second)).toMatchObject({
      plan: 'PRO_PERSONAL',
      isScheduledToBeDowngraded: false,
    });
    const after = await subscriptionOf(spaceId);
    // The owner, who took a seat at the checkout, and the two made paid.
    expect(after.subscriptionPaymentPlans![0]).toMatchObject({ totalSeats: 3, assignedSeats: 3 });
    expect(after.amount).toBe(info.subtotal);

    // Sent again, nothing is left to change and nothing is charged twice.
    const again = await changeUsers(spaceId, { paid: [world.owner.userId, first, second] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'nothing_to_change' } });
  });

  it('MEM-033 CHK-070 the summary’s update is built from the preview: its price names the users paid after the change, and sending them back makes the free member paid', async () => {
    const { spaceId } = await paidSpace('Paid users from the preview', { country: 'US', seats: 2 });
    const newcomer = await member(spaceId, 'preview.newcomer@gmail.com');
    const other = await member(spaceId, 'preview.other@gmail.com');
    // As the summary asks it: everyone paid after the change, and those left free as FREE.
    const info = await previewChange(spaceId, [
      { userId: world.owner.userId, userPlan: 'PRO_PERSONAL' },
      { userId: newcomer, userPlan: 'PRO_PERSONAL' },
      { userId: other, userPlan: 'FREE' },
    ]);
    expect(info.stripePlans).toEqual([
      expect.objectContaining({ quantity: 2, userIds: [world.owner.userId, newcomer] }),
    ]);
    const subscription = await subscriptionOf(spaceId);
    const res = await call('PUT', updateUrl(spaceId, subscription.subscriptionId), {
      workspaceUserPlans: workspaceUserPlansOf({ previewed: info.stripePlans, downgraded: [] }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await planOf(spaceId, newcomer)).toMatchObject({ plan: 'PRO_PERSONAL' });
    expect(await planOf(spaceId, other)).toMatchObject({ plan: 'FREE' });
  });

  it('MEM-033 CHK-081 the older flow: the demo buys Acme Europe’s yearly Premium in the sandbox; its owner makes the free member paid on the fifth place, counted as used, nothing charged', async () => {
    await provisionDemoPurchases({
      db: world.t.database.db,
      stripe: world.stripe,
      provider: world.t.context.payments.provider,
      publicUrl: world.t.baseUrl,
    });
    const [europe] = await world.t.database.db
      .select({ id: workspaces.id, isPerSeat: workspaces.isPerSeat })
      .from(workspaces)
      .where(eq(workspaces.name, 'Acme Europe'));
    expect(europe).toMatchObject({ isPerSeat: false });
    const spaceId = europe!.id;
    world.actAs(await world.callerOf('admin@acme.example'));
    const before = await subscriptionOf(spaceId);
    expect(before).toMatchObject({ workspacePlan: 'PREMIUM', billingInterval: 'YEARLY' });
    expect(before.subscriptionPaymentPlans![0]).toMatchObject({ totalSeats: 5, assignedSeats: 4 });
    const liam = (await membersOf(spaceId)).find((item) => item.email === 'free.member@acme.example')!;
    expect(liam).toMatchObject({ plan: 'FREE' });
    const providerId = (await world.t.database.db.query.subscriptions.findFirst({
      where: (row, { eq: equal }) => equal(row.id, before.subscriptionId),
    }))!.providerSubscriptionId!;
    const invoicesBefore = await world.stripe.invoices.list({ subscription: providerId, limit: 100 });

    const paidAfter = (await membersOf(spaceId))
      .filter((item) => item.plan !== 'FREE' || item.id === liam.id)
      .map((item) => ({ userId: item.id, userPlan: 'PRO' as const }));
    const info = await world.previewChange(spaceId, {
      workspacePlan: 'PREMIUM',
      billingInterval: 'YEARLY',
      userUpdates: paidAfter,
    });
    expect(info).toMatchObject({ chargedToday: 0, stripePlans: [{ quantity: 5 }] });
    const update = await call('PUT', updateUrl(spaceId, before.subscriptionId), {
      workspaceUserPlans: workspaceUserPlansOf({ previewed: info.stripePlans, downgraded: [] }),
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(await planOf(spaceId, liam.id)).toMatchObject({ plan: 'PRO' });
    expect((await subscriptionOf(spaceId)).subscriptionPaymentPlans![0]).toMatchObject({
      totalSeats: 5,
      assignedSeats: 5,
    });
    expect((await world.stripe.invoices.list({ subscription: providerId, limit: 100 })).data).toHaveLength(
      invoicesBefore.data.length,
    );
  });

  it('MEM-033 a paid member made free keeps the seat until the renewal; then they are FREE and the seat count dropped', async () => {
    const { spaceId, subscriptionId, providerId, clock } = await paidSpace(
      'Paid users downgrade',
      { country: 'US', seats: 3, interval: 'MONTHLY' },
      { clock: true },
    );
    const leaving = await member(spaceId, 'downgrade.leaving@gmail.com');
    const staying = await member(spaceId, 'downgrade.staying@gmail.com');
    expect((await changeUsers(spaceId, { paid: [world.owner.userId, leaving, staying] })).statusCode).toBe(
      200,
    );

    const info = await previewChange(spaceId, [{ userId: leaving, userPlan: 'FREE' }], 'MONTHLY');
    expect(info).toMatchObject({ chargedToday: 0, prorationDate: null, stripePlans: [{ quantity: 2 }] });
    const res = await changeUsers(spaceId, { free: [leaving] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await planOf(spaceId, leaving)).toMatchObject({
      plan: 'PRO_PERSONAL',
      isScheduledToBeDowngraded: true,
    });
    const removal = await call(
      'GET',
      `${billingBase(spaceId)}/subscriptions/v2/${subscriptionId}/seats/v1/scheduled-removals?status=PENDING`,
    );
    expect(removal.statusCode, removal.body).toBe(200);
    const end = (await world.stripe.subscriptions.retrieve(providerId)).items.data[0]!.current_period_end;
    expect(scheduledSeatRemovalSchema.parse(removal.json())).toMatchObject({
      targetSeatsQuantity: 2,
      status: 'PENDING',
      removeSeatsAtTimestamp: end * 1000,
    });
    expect((await world.stripe.subscriptions.retrieve(providerId)).items.data[0]!.quantity).toBe(3);

    await world.stripe.testHelpers.testClocks.advance(clock!.id, { frozen_time: end + 3600 });
    const renewed = await world.stripe.subscriptions.retrieve(providerId);
    expect(renewed.items.data[0]).toMatchObject({ quantity: 2, current_period_start: end });
    await syncCustomer(renewed.customer as string);
    expect(await planOf(spaceId, leaving)).toMatchObject({ plan: 'FREE', isScheduledToBeDowngraded: false });
    expect(await planOf(spaceId, staying)).toMatchObject({ plan: 'PRO_PERSONAL' });
    // The owner's seat and the one staying paid.
    expect((await subscriptionOf(spaceId)).subscriptionPaymentPlans![0]).toMatchObject({
      totalSeats: 2,
      assignedSeats: 2,
    });
  }, 60_000);

  it('MEM-033 SEAT-028 cancelling the scheduled removal keeps the members who were to be made free paid', async () => {
    const { spaceId, subscriptionId, providerId } = await paidSpace('Paid users kept', {
      country: 'US',
      seats: 2,
    });
    const kept = await member(spaceId, 'kept.paid@gmail.com', 'PRO_PERSONAL');
    expect((await changeUsers(spaceId, { free: [kept] })).statusCode).toBe(200);
    expect(await planOf(spaceId, kept)).toMatchObject({ isScheduledToBeDowngraded: true });
    const canceled = await world.t.app.inject({
      method: 'DELETE',
      url: `${billingBase(spaceId)}/subscriptions/v2/${subscriptionId}/seats/v1/scheduled-removals`,
      headers: world.owner.headers,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await planOf(spaceId, kept)).toMatchObject({
      plan: 'PRO_PERSONAL',
      isScheduledToBeDowngraded: false,
    });
    expect((await world.stripe.subscriptions.retrieve(providerId)).schedule).toBeNull();
  });

  it('CHK-088 CHK-086 CHK-087 a change leaving nobody paid is refused with cannot_downgrade, nothing written', async () => {
    const { spaceId, providerId } = await paidSpace('Paid users last one', { country: 'US', seats: 2 });
    const paid = await member(spaceId, 'last.paid@gmail.com', 'PRO_PERSONAL');
    const before = await snapshot(spaceId, providerId);
    const res = await changeUsers(spaceId, { free: [world.owner.userId, paid] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: {
        code: 'cannot_downgrade',
        message: 'You cannot downgrade. At least one user must be paid as long as a subscription is active.',
      },
    });
    expect(await snapshot(spaceId, providerId)).toEqual(before);
    // One made free while the other stays paid is a valid selection.
    expect((await changeUsers(spaceId, { free: [paid] })).statusCode).toBe(200);
    const last = await changeUsers(spaceId, { free: [world.owner.userId] });
    expect(last.json()).toMatchObject({ error: { code: 'cannot_downgrade' } });
  });

  it('CHK-083 the Pro plan refuses a downgrade that leaves paid users from several domains', async () => {
    const { spaceId, providerId } = await paidSpace('Paid users domains', { country: 'US', seats: 3 });
    await member(spaceId, 'outsider@acme.example', 'PRO_PERSONAL');
    const same = await member(spaceId, 'same.domain@gmail.com', 'PRO_PERSONAL');
    const before = await snapshot(spaceId, providerId);
    const res = await changeUsers(spaceId, { free: [same] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: {
        code: 'domain_not_allowed',
        message: 'The Pro plan does not allow paid users from several domains.',
      },
    });
    expect(await snapshot(spaceId, providerId)).toEqual(before);
  });

  it('CHK-084 only members of the space, under the subscription’s own price: strangers are named, 400, nothing written', async () => {
    const { spaceId, providerId } = await paidSpace('Paid users strangers', { country: 'US', seats: 2 });
    const mine = await member(spaceId, 'mine.free@gmail.com');
    const [stranger] = await world.t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'owner@northwind.example'));
    const before = await snapshot(spaceId, providerId);
    const res = await changeUsers(spaceId, { paid: [mine, stranger!.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: {
        code: 'validation_failed',
        fields: { 'body.workspaceUserPlans': expect.stringContaining(stranger!.id) },
      },
    });
    const wrongPrice = await changeUsers(spaceId, { paid: [mine], priceId: 'price_not_ours' });
    expect(wrongPrice.statusCode).toBe(400);
    expect(wrongPrice.json()).toMatchObject({
      error: { fields: { 'body.workspaceUserPlans': expect.any(String) } },
    });
    const both = await changeUsers(spaceId, { paid: [mine], free: [mine] });
    expect(both.statusCode).toBe(400);
    expect(await snapshot(spaceId, providerId)).toEqual(before);
  });

  it('CHK-085 MEM-036 under MULTIPLE_PAYMENT a user paid in another space cannot be made paid: already_paid_user', async () => {
    const { spaceId, providerId } = await paidSpace('Paid users elsewhere', { country: 'US', seats: 3 });
    const elsewhere = await member(spaceId, 'paid.elsewhere@gmail.com');
    const [northwind] = await world.t.database.db
      .select({ workspaceId: memberships.workspaceId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(users.email, 'owner@northwind.example'), eq(memberships.role, 'OWNER')));
    await world.t.database.db
      .insert(memberships)
      .values({ workspaceId: northwind!.workspaceId, userId: elsewhere, userPlan: 'PRO', isPaid: true });
    await world.t.database.db
      .insert(rolloutStatus)
      .values({ userId: world.owner.userId, lastActivatedStep: 2 })
      .onConflictDoUpdate({ target: rolloutStatus.userId, set: { lastActivatedStep: 2 } });
    const before = await snapshot(spaceId, providerId);
    const res = await changeUsers(spaceId, { paid: [world.owner.userId, elsewhere] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: {
        code: 'already_paid_user',
        message: 'paid.elsewhere@gmail.com is already a paid user in another space.',
      },
    });
    expect(await snapshot(spaceId, providerId)).toEqual(before);

    // Without the restriction the same user may be paid in two spaces.
    await world.t.database.db
      .update(rolloutStatus)
      .set({ lastActivatedStep: 9 })
      .where(eq(rolloutStatus.userId, world.owner.userId));
    expect((await changeUsers(spaceId, { paid: [elsewhere] })).statusCode).toBe(200);
  });

  it('MEM-033 SEAT-015 a declined card answers 402 payment_failed, a card asking for confirmation 402 with the invoice page; the users stay free until it is paid and the change is sent again', async () => {
    const { spaceId, providerId } = await paidSpace('Paid users cards', { country: 'US', seats: 1 });
    const waiting = await member(spaceId, 'waiting.card@gmail.com');
    await useCard(spaceId, '4000000000000341');
    const before = await snapshot(spaceId, providerId);
    const declined = await changeUsers(spaceId, { paid: [waiting] });
    expect(declined.statusCode, declined.body).toBe(402);
    expect(declined.json()).toMatchObject({ error: { code: 'payment_failed' } });
    expect(await snapshot(spaceId, providerId)).toEqual(before);

    await useCard(spaceId, '4000002500003155');
    const confirm = await changeUsers(spaceId, { paid: [waiting] });
    expect(confirm.statusCode, confirm.body).toBe(402);
    expect(confirm.json()).toMatchObject({
      error: {
        code: 'payment_requires_confirmation',
        message: expect.stringContaining('/sandbox/stripe/invoices/'),
      },
    });
    expect(await planOf(spaceId, waiting)).toMatchObject({ plan: 'FREE' });
    expect((await subscriptionOf(spaceId)).subscriptionPaymentPlans![0]).toMatchObject({ totalSeats: 1 });

    // Confirmed on the invoice's page, the seat is paid; the same change again assigns it, uncharged.
    const { message } = (confirm.json() as { error: { message: string } }).error;
    const invoiceUrl = /(\S+\/sandbox\/stripe\/invoices\/[\w-]+)/.exec(message)![1]!;
    const confirmed = await postForm(
      world.t.baseUrl,
      `${new URL(invoiceUrl, world.t.baseUrl).href}/authenticate`,
      {
        result: 'complete',
      },
    );
    expect(confirmed.status).toBe(303);
    const provider = await world.stripe.subscriptions.retrieve(providerId);
    expect(provider.items.data[0]!.quantity).toBe(2);
    await syncCustomer(provider.customer as string);
    const invoices = (await world.stripe.invoices.list({ subscription: providerId, limit: 100 })).data.length;
    const again = await changeUsers(spaceId, { paid: [waiting] });
    expect(again.statusCode, again.body).toBe(200);
    expect(await planOf(spaceId, waiting)).toMatchObject({ plan: 'PRO_PERSONAL' });
    expect((await world.stripe.invoices.list({ subscription: providerId, limit: 100 })).data).toHaveLength(
      invoices,
    );
  });
});
