import { describe, expect, it } from 'vitest';
import { paymentInfoSchema } from './checkout-contracts';
import { CHECKOUT_FORM_DEFAULTS } from './checkout-form';
import {
  checkoutSessionBody,
  priceInfoV1Body,
  priceInfoV2Body,
  requirePlans,
  seatUserPlan,
} from './checkout-requests';

const form = {
  ...CHECKOUT_FORM_DEFAULTS,
  country: 'DE',
  isBusinessPurchase: true,
  vatNumber: 'DE123456789',
  companyName: 'Acme GmbH',
  name: 'Olivia Bennett',
  street: 'Hauptstr. 1',
  city: 'Berlin',
  state: '',
  code: '10115',
};
const purchase = { workspacePlan: 'PRO', billingInterval: 'YEARLY' } as const;

describe('checkout requests', () => {
  it('CHK-068 CHK-069 the v2 price preview carries country, purchase type, seat plans, interval, proration and plan', () => {
    expect(
      priceInfoV2Body({ form, seatPlans: [{ userPlan: seatUserPlan(false), quantity: 7 }], purchase }),
    ).toEqual({
      country: 'DE',
      purchaseType: 'B2B',
      seatPlans: [{ userPlan: 'PRO', quantity: 7 }],
      billingInterval: 'YEARLY',
      previewProratedAmounts: false,
      workspacePlan: 'PRO',
    });
    expect(
      priceInfoV2Body({ form: { country: 'US', companyName: '' }, seatPlans: [], purchase }).purchaseType,
    ).toBe('B2C');
    expect(seatUserPlan(true)).toBe('PRO_PERSONAL');
  });

  it('CHK-070 the v1 preview names users and the legacy upgrade instead of seat plans', () => {
    const body = priceInfoV1Body({
      form,
      userUpdates: [{ userId: 'u-1', userPlan: 'PRO' }],
      purchase,
      upgradeLegacySubscription: true,
    });
    expect(body).toMatchObject({
      userUpdates: [{ userId: 'u-1', userPlan: 'PRO' }],
      upgradeLegacySubscription: true,
    });
    expect(body).not.toHaveProperty('seatPlans');
  });

  it('CHK-066 CHK-067 the session carries the address, buyer and go-back URL; the VAT id only for a business', () => {
    const input = {
      workspaceId: 'w-1',
      form,
      purchase,
      goBackUrl: '/w-1/acme/checkout/information',
      userName: 'Olivia',
    };
    expect(checkoutSessionBody(input)).toEqual({
      workspaceId: 'w-1',
      addressInfo: { country: 'DE', state: '', city: 'Berlin', postalCode: '10115', street: 'Hauptstr. 1' },
      companyName: 'Acme GmbH',
      customerName: 'Olivia Bennett',
      isB2BTransaction: true,
      vatNumber: 'DE123456789',
      goBackUrl: '/w-1/acme/checkout/information',
      userName: 'Olivia',
      billingInterval: 'YEARLY',
      workspacePlan: 'PRO',
    });
    const consumer = checkoutSessionBody({ ...input, form: { ...form, isBusinessPurchase: false } });
    expect(consumer).not.toHaveProperty('vatNumber');
    expect(consumer.isB2BTransaction).toBe(false);
  });

  it('CHK-079 missing space or plans: Workspace ID of stripe plans are not found', () => {
    const input = { workspaceId: '', form, purchase, goBackUrl: '/', userName: 'O' };
    expect(() => checkoutSessionBody(input)).toThrow('Workspace ID of stripe plans are not found');
    expect(() => requirePlans([])).toThrow('Workspace ID of stripe plans are not found');
    expect(requirePlans([{ stripePriceId: 'p', quantity: 1 }])).toHaveLength(1);
  });

  it('CHK-072 the price preview answer carries currency, totals, tax, today’s charge, proration, plans, intervals and the session', () => {
    const answer = {
      currency: 'EUR',
      totalAmount: 36_652,
      taxRate: 19,
      chargedToday: 36_652,
      proratedDays: null,
      prorationDate: null,
      stripePlans: [{ stripePriceId: 'price_pro_yearly_eur', userIds: [], totalAmount: 30_800, quantity: 7 }],
      currentBillingInterval: null,
      targetBillingInterval: 'YEARLY',
      currentAmount: null,
      stripeCheckoutSessionId: null,
      subtotal: 38_500,
      discountAmount: 7_700,
      taxAmount: 5_852,
      couponId: '5SEATS',
      couponPercentOff: 20,
    };
    expect(paymentInfoSchema.parse(answer)).toEqual(answer);
    const { stripePlans: _plans, ...withoutPlans } = answer;
    expect(paymentInfoSchema.safeParse(withoutPlans).success).toBe(false);
    expect(paymentInfoSchema.safeParse({ ...answer, chargedToday: '366.52' }).success).toBe(false);
  });
});
