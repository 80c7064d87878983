import { describe, expect, it } from 'vitest';
import { PAYMENT_SOURCES } from '../../constants/domain';
import { cancelAutoRenewalBody, canStopAutoRenewal, SUBSCRIPTION_ID_MISSING } from './renewal-contracts';

describe('stop automatic renewal rules', () => {
  it('RES-009 only a license paid through PayPal can have its renewal stopped', () => {
    expect(canStopAutoRenewal(null)).toBe(false);
    expect(canStopAutoRenewal(undefined)).toBe(false);
    for (const paymentSource of PAYMENT_SOURCES) {
      expect(canStopAutoRenewal({ subscriptionId: 's-1', paymentSource })).toBe(paymentSource === 'PAYPAL');
    }
  });

  it("RES-011 the call's body without a subscription id reads 'Subscription Id is missing'", () => {
    for (const body of [{}, { subscriptionId: '' }]) {
      const result = cancelAutoRenewalBody.safeParse(body);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([SUBSCRIPTION_ID_MISSING]);
    }
    expect(cancelAutoRenewalBody.safeParse({ subscriptionId: 'not-an-id' }).error?.issues[0]?.message).toBe(
      'Subscription Id is not valid',
    );
  });
});
