import { describe, expect, it } from 'vitest';
import { checkoutSessionV1, checkoutSessionV2, priceInfoV2, seatPlansSchema } from './checkout-contracts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

/** SEAT-032, CHK-068: one purchase's lines, as the web form and the server both check them. */
describe('seatPlansSchema', () => {
  it('SEAT-032 CHK-068 takes one line per user plan within 100 seats', () => {
    expect(seatPlansSchema.safeParse([{ userPlan: 'PRO_PERSONAL', quantity: 100 }]).success).toBe(true);
    expect(
      seatPlansSchema.safeParse([
        { userPlan: 'PRO', quantity: 50 },
        { userPlan: 'PRO_PERSONAL', quantity: 50 },
      ]).success,
    ).toBe(true);
  });

  it('SEAT-032 CHK-068 refuses a plan named twice, more than 100 seats in all, more lines than plans, or none', () => {
    expect(
      messages(
        seatPlansSchema.safeParse([
          { userPlan: 'PRO_PERSONAL', quantity: 60 },
          { userPlan: 'PRO_PERSONAL', quantity: 60 },
        ]),
      ),
    ).toEqual(['seatPlans takes one line per user plan: PRO_PERSONAL is named twice']);
    expect(
      messages(
        seatPlansSchema.safeParse([
          { userPlan: 'PRO', quantity: 60 },
          { userPlan: 'PRO_PERSONAL', quantity: 41 },
        ]),
      ),
    ).toEqual(['seatPlans hold 101 seats in all: a purchase holds at most 100']);
    const fifty = Array.from({ length: 50 }, () => ({ userPlan: 'PRO', quantity: 1 }));
    expect(messages(seatPlansSchema.safeParse(fifty))[0]).toBe(
      'seatPlans takes at most 2 lines, one per user plan',
    );
    expect(messages(seatPlansSchema.safeParse([]))).toEqual(['seatPlans must name at least one plan']);
  });

  it('SEAT-032 API-028 API-029 API-030 the preview and both checkouts use it', () => {
    const lines = [
      { userPlan: 'PRO', quantity: 60 },
      { userPlan: 'PRO_PERSONAL', quantity: 60 },
    ];
    expect(priceInfoV2.body!.shape.seatPlans.safeParse(lines).success).toBe(false);
    expect(checkoutSessionV2.body!.shape.seatPlans.safeParse(lines).success).toBe(false);
    const prices = [
      { stripePriceId: 'price_a', quantity: 60 },
      { stripePriceId: 'price_b', quantity: 60 },
    ];
    const v1 = checkoutSessionV1.body!.safeParse({
      addressInfo: { country: 'US', city: 'San Francisco', street: '1 Market St' },
      customerName: 'Pat Morgan',
      isB2BTransaction: false,
      goBackUrl: '/space/billing',
      billingInterval: 'YEARLY',
      workspacePlan: 'PRO',
      stripePlans: prices,
    });
    expect(messages(v1)).toEqual(['stripePlans hold 120 seats in all: a purchase holds at most 100']);
  });
});
