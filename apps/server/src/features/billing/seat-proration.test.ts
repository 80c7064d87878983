import { addSeatsV1 } from '@mergeboard/core';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberships, users } from '../../db/schema';
import { billingBase } from '../../testing/billing-test-kit';
import { billingWorld } from '../../testing/billing-world';

const MINUTE = 60;
const DAY = 86_400;

/**
 * RELIABILITY (payments): no amount depends on a time the client chose. Seats bought now (Add
 * seats, and members made paid through the subscription update) are charged at the proration
 * date of the preview the person saw, accepted only while that preview holds (never later than
 * the customer's now, never older than SEAT_PREVIEW_LIFETIME_SECONDS or the period's start);
 * any other date is refused with 400 and nothing is charged (issue 21, finding 1). Customers live
 * on a test clock, so "now" is exact.
 */
describe('seat proration: the charge is the preview’s, whatever prorationDate the client sends', () => {
  const world = billingWorld();
  const { call, addSeats } = world;
  /** A space of a new owner on a test clock, `seats` bought monthly; `end` is its period end. */
  const paidSpace = async (name: string, seats: number) => {
    const bought = await world.paidSpace(
      name,
      { country: 'US', seats, interval: 'MONTHLY' },
      { clock: true },
    );
    const provider = await world.stripe.subscriptions.retrieve(bought.providerId);
    return { ...bought, clock: bought.clock!, end: provider.items.data[0]!.current_period_end };
  };
  const previewSeats = (space: string, quantity: number) => world.previewSeats(space, quantity, 'MONTHLY');
  /** What a refused purchase must leave as it was: the seats and the invoices of the provider. */
  const providerState = async (providerId: string) => ({
    quantity: (await world.stripe.subscriptions.retrieve(providerId)).items.data[0]!.quantity,
    invoices: (await world.stripe.invoices.list({ subscription: providerId, limit: 100 })).data.length,
  });
  const expectRefused = (res: { statusCode: number; json: () => unknown; body: string }, message: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'validation_failed', message, fields: { 'body.prorationDate': message } },
    });
  };
  const laterThanNow = (date: number, now: number) =>
    `prorationDate ${date} is later than now (${now}): send the prorationDate of the price preview you showed`;
  const outdated = (date: number) =>
    `prorationDate ${date} is older than its price preview may be (60 minutes, within the current billing period): preview the price again`;

  it('SEAT-010 SEAT-015 API-035 Add seats charges exactly the preview’s chargedToday at its prorationDate; period end − 1 s, the far past and the future are refused with 400 and charge nothing', async () => {
    const { spaceId, subscriptionId, providerId, clock, end } = await paidSpace('Proration add seats', 2);
    const now = clock.frozen_time;
    const info = await previewSeats(spaceId, 1);
    expect(info.prorationDate).toBe(now);
    expect(info.chargedToday).toBeGreaterThan(0);

    const before = await providerState(providerId);
    const hostile: [number, string][] = [
      [end - 1, laterThanNow(end - 1, now)],
      [now + MINUTE, laterThanNow(now + MINUTE, now)],
      [end + 365 * DAY, laterThanNow(end + 365 * DAY, now)],
      [1_000_000_000, outdated(1_000_000_000)],
      [now - 2 * 3600, outdated(now - 2 * 3600)],
    ];
    for (const [date, message] of hostile) {
      for (const quantity of [1, 5])
        expectRefused(await addSeats(spaceId, subscriptionId, quantity, date), message);
    }
    expect(await providerState(providerId)).toEqual(before);

    const res = await addSeats(spaceId, subscriptionId, 1, info.prorationDate!);
    expect(res.statusCode, res.body).toBe(200);
    const purchase = addSeatsV1.response.parse(res.json());
    expect(purchase).toMatchObject({ expectedTotalSeats: 3, latestInvoice: { paymentState: 'PAID' } });
    expect(purchase.latestInvoice.amountPaid).toBe(info.chargedToday);

    // Without a date the provider's now prices it, which is the preview's now too.
    const five = await previewSeats(spaceId, 5);
    const withoutDate = addSeatsV1.response.parse((await addSeats(spaceId, subscriptionId, 5)).json());
    expect(withoutDate.latestInvoice.amountPaid).toBe(five.chargedToday);
    expect(withoutDate.latestInvoice.amountPaid).toBeGreaterThan(0);
  });

  it('SEAT-010 SEAT-015 a preview’s prorationDate holds for 60 minutes of the customer’s time: 10 minutes later it charges the preview (never less than now’s price); past its lifetime it is refused, and a new preview buys', async () => {
    const { spaceId, subscriptionId, providerId, clock } = await paidSpace('Proration preview lifetime', 2);
    const info = await previewSeats(spaceId, 2);
    await world.stripe.testHelpers.testClocks.advance(clock.id, {
      frozen_time: clock.frozen_time + 10 * MINUTE,
    });
    const atNow = await previewSeats(spaceId, 2);
    expect(atNow.prorationDate).toBe(clock.frozen_time + 10 * MINUTE);
    expect(atNow.chargedToday).toBeLessThanOrEqual(info.chargedToday);

    const res = await addSeats(spaceId, subscriptionId, 2, info.prorationDate!);
    expect(res.statusCode, res.body).toBe(200);
    expect(addSeatsV1.response.parse(res.json()).latestInvoice.amountPaid).toBe(info.chargedToday);

    const later = await previewSeats(spaceId, 1);
    await world.stripe.testHelpers.testClocks.advance(clock.id, {
      frozen_time: later.prorationDate! + 60 * MINUTE + 1,
    });
    const before = await providerState(providerId);
    expectRefused(
      await addSeats(spaceId, subscriptionId, 1, later.prorationDate!),
      outdated(later.prorationDate!),
    );
    expect(await providerState(providerId)).toEqual(before);
    const fresh = await previewSeats(spaceId, 1);
    const bought = await addSeats(spaceId, subscriptionId, 1, fresh.prorationDate!);
    expect(addSeatsV1.response.parse(bought.json()).latestInvoice.amountPaid).toBe(fresh.chargedToday);
  });

  it('MEM-033 CHK-046 API-032 a member made paid buys the missing seat at the preview’s price; period end − 1 s, the far past and the future are refused with 400, the member stays free and nothing is charged', async () => {
    const { spaceId, subscriptionId, providerId, clock, end } = await paidSpace('Proration paid users', 1);
    const [user] = await world.t.database.db
      .insert(users)
      .values({ email: 'proration.member@gmail.com', name: 'Proration member' })
      .returning();
    await world.t.database.db
      .insert(memberships)
      .values({ workspaceId: spaceId, userId: user!.id, userPlan: 'FREE', isPaid: false });
    const info = await world.previewChange(spaceId, {
      billingInterval: 'MONTHLY',
      userUpdates: [{ userId: user!.id, userPlan: 'PRO_PERSONAL' }],
    });
    expect(info.prorationDate).toBe(clock.frozen_time);
    expect(info.chargedToday).toBeGreaterThan(0);
    const stripePriceId = (await world.stripe.subscriptions.retrieve(providerId)).items.data[0]!.price.id;
    const planOf = async (userId: string) =>
      (
        await world.t.database.db
          .select({ userPlan: memberships.userPlan })
          .from(memberships)
          .where(and(eq(memberships.workspaceId, spaceId), eq(memberships.userId, userId)))
      )[0]!.userPlan;
    const makePaid = (prorationDate: number) =>
      call('PUT', `${billingBase(spaceId)}/subscriptions/v1/${subscriptionId}`, {
        workspaceUserPlans: [{ stripePriceId, userIds: [world.owner.userId, user!.id] }],
        prorationDate,
      });

    const before = await providerState(providerId);
    const now = clock.frozen_time;
    expectRefused(await makePaid(end - 1), laterThanNow(end - 1, now));
    expectRefused(await makePaid(now + DAY), laterThanNow(now + DAY, now));
    expectRefused(await makePaid(1_000_000_000), outdated(1_000_000_000));
    expect(await providerState(providerId)).toEqual(before);
    expect(await planOf(user!.id)).toBe('FREE');

    const res = await makePaid(info.prorationDate!);
    expect(res.statusCode, res.body).toBe(200);
    const invoices = await world.stripe.invoices.list({ subscription: providerId, limit: 100 });
    const charged = invoices.data.find((invoice) => invoice.billing_reason === 'subscription_update')!;
    expect(charged).toMatchObject({ status: 'paid', amount_paid: info.chargedToday });
    expect((await world.stripe.subscriptions.retrieve(providerId)).items.data[0]!.quantity).toBe(2);
    expect(await planOf(user!.id)).toBe('PRO_PERSONAL');
  });
});
