import { describe, expect, it } from 'vitest';
import { checkoutErrorIn, checkoutErrorOf } from './checkout-errors';

const yearlyPro = {
  workspacePlan: 'PRO',
  billingInterval: 'YEARLY',
  stripeSubscriptionScheduleId: null,
} as const;
const scheduled = { ...yearlyPro, stripeSubscriptionScheduleId: 'sub_sched_1' };
const error = (query: string, subscription: typeof yearlyPro | typeof scheduled = yearlyPro) =>
  checkoutErrorOf(new URLSearchParams(query), subscription);

describe('checkout errors of the billing query', () => {
  it('BILL-026 both plan and interval differing is refused', () => {
    expect(error('plan=PREMIUM&interval=MONTHLY')).toBe('cannot-update-subscription-plan-and-interval');
    expect(error('plan=PREMIUM&interval=YEARLY')).toBeNull();
    expect(error('plan=PRO&interval=MONTHLY')).toBeNull();
  });

  it('BILL-027 an interval change or a coupon while a schedule exists is refused', () => {
    expect(error('interval=MONTHLY', scheduled)).toBe('cannot-change-billing-cycle-when-scheduled');
    expect(error('coupon=5SEATS', scheduled)).toBe('cannot-change-billing-cycle-when-scheduled');
    expect(error('change-billing-cycle=1', scheduled)).toBe('cannot-change-billing-cycle-when-scheduled');
    expect(error('interval=YEARLY', scheduled)).toBeNull();
    expect(error('change-billing-cycle=1')).toBeNull();
    expect(error('coupon=5SEATS')).toBeNull();
  });

  it('BILL-004 pricing-site plan values are not compared here', () => {
    expect(error('plan=pro-google-workspace&interval=MONTHLY')).toBeNull();
  });

  it('BILL-001 reads checkout-error, known values only', () => {
    expect(
      checkoutErrorIn(new URLSearchParams('checkout-error=cannot-change-billing-cycle-when-scheduled')),
    ).toBe('cannot-change-billing-cycle-when-scheduled');
    expect(checkoutErrorIn(new URLSearchParams('checkout-error=other'))).toBeNull();
  });
});
