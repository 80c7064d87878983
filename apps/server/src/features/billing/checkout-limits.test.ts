import { paymentInfoSchema } from '@mergeboard/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { billingBase, newSpace, sessionFields } from '../../testing/billing-test-kit';
import { billingWorld } from '../../testing/billing-world';
import { signedInAs } from '../../testing/sessions';

type Line = { userPlan: 'PRO' | 'PRO_PERSONAL'; quantity: number };

/**
 * SEAT-032, CHK-068 (issue 21, finding 6): a purchase's seatPlans name each user plan once and
 * hold at most SEATS.maximum (100) seats in all, in the preview and the checkout alike; anything
 * else is 400 with the reason, before the payment provider is asked.
 */
describe('checkout limits: one line per user plan, at most 100 seats', () => {
  const world = billingWorld();
  let owner: { headers: { authorization: string }; userId: string };
  let spaceId: string;

  beforeAll(async () => {
    const email = 'limits.buyer@gmail.com';
    const [user] = await world.t.database.db
      .insert(users)
      .values({ email, name: 'Limits buyer' })
      .returning();
    owner = { headers: (await signedInAs(world.t, email)).headers, userId: user!.id };
    spaceId = await newSpace(world.t, owner, 'Checkout limits');
  });

  const purchase = { country: 'US', billingInterval: 'YEARLY', workspacePlan: 'PRO' } as const;
  const preview = (seatPlans: Line[]) =>
    world.t.app.inject({
      method: 'POST',
      url: `${billingBase(spaceId)}/stripe/checkout/v2/info`,
      headers: owner.headers,
      payload: { ...purchase, seatPlans },
    });
  const session = (seatPlans: Line[]) =>
    world.t.app.inject({
      method: 'POST',
      url: `${billingBase(spaceId)}/stripe/checkout/v2/session`,
      headers: owner.headers,
      payload: { ...sessionFields(spaceId, { country: 'US', seats: 1 }), seatPlans },
    });
  const sessionV1 = (stripePlans: { stripePriceId: string; quantity: number }[]) =>
    world.t.app.inject({
      method: 'POST',
      url: `${billingBase(spaceId)}/stripe/checkout/v1/session`,
      headers: owner.headers,
      payload: { ...sessionFields(spaceId, { country: 'US', seats: 1 }), stripePlans },
    });
  const refusal = (field: string, message: string) => ({
    error: {
      code: 'validation_failed',
      message: `Invalid request: ${field}: ${message}`,
      fields: { [field]: message },
    },
  });
  const sessionsOpened = async () => (await world.stripe.checkout.sessions.list({ limit: 100 })).data.length;

  it('SEAT-032 CHK-068 API-029 API-030 60 + 60 seats of one plan, or of two, is past the 100 maximum: 400 from the preview and the checkout, no session opened', async () => {
    const before = await sessionsOpened();
    const samePlan: Line[] = [
      { userPlan: 'PRO_PERSONAL', quantity: 60 },
      { userPlan: 'PRO_PERSONAL', quantity: 60 },
    ];
    const twoPlans: Line[] = [
      { userPlan: 'PRO', quantity: 60 },
      { userPlan: 'PRO_PERSONAL', quantity: 60 },
    ];
    const once = 'seatPlans takes one line per user plan: PRO_PERSONAL is named twice';
    const tooMany = 'seatPlans hold 120 seats in all: a purchase holds at most 100';
    for (const call of [preview, session]) {
      const res = await call(samePlan);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        error: { code: 'validation_failed', fields: { 'body.seatPlans': once } },
      });
      expect(await call(twoPlans).then((answer) => answer.json())).toEqual(
        refusal('body.seatPlans', tooMany),
      );
    }
    expect(await sessionsOpened()).toBe(before);
  });

  it('SEAT-032 CHK-068 50 lines answer 400 naming the limit, not a provider error', async () => {
    const lines: Line[] = Array.from({ length: 50 }, () => ({ userPlan: 'PRO_PERSONAL', quantity: 1 }));
    for (const call of [preview, session]) {
      const res = await call(lines);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        error: {
          code: 'validation_failed',
          fields: { 'body.seatPlans': 'seatPlans takes at most 2 lines, one per user plan' },
        },
      });
    }
  });

  it('SEAT-032 CHK-068 API-028 the older checkout’s stripePlans: one line per price, at most 100 seats in all', async () => {
    const [price] = (await world.stripe.prices.list({ limit: 1, active: true })).data;
    const twice = await sessionV1([
      { stripePriceId: price!.id, quantity: 60 },
      { stripePriceId: price!.id, quantity: 60 },
    ]);
    expect(twice.statusCode, twice.body).toBe(400);
    expect(twice.json()).toMatchObject({
      error: {
        code: 'validation_failed',
        fields: { 'body.stripePlans': `stripePlans takes one line per price: ${price!.id} is named twice` },
      },
    });
  });

  it('SEAT-032 PRICE-014 one line per plan within 100 seats is priced: 100 of one plan, and 3 + 2 of two', async () => {
    const hundred = await preview([{ userPlan: 'PRO_PERSONAL', quantity: 100 }]);
    expect(hundred.statusCode, hundred.body).toBe(200);
    expect(paymentInfoSchema.parse(hundred.json())).toMatchObject({ couponId: '100SEATS' });
    const mixed = await preview([
      { userPlan: 'PRO', quantity: 3 },
      { userPlan: 'PRO_PERSONAL', quantity: 2 },
    ]);
    expect(mixed.statusCode, mixed.body).toBe(200);
    expect(paymentInfoSchema.parse(mixed.json()).stripePlans.map((plan) => plan.quantity)).toEqual([3, 2]);
  });
});
