import { describe, expect, it } from 'vitest';
import { COPY_COUPON_RESET_MS } from '../../constants/limits';
import { LIST_PRICES_USD, SHOW_SEAT_COUPONS } from '../../constants/pricing';
import { checkoutSummary } from './checkout-summary';

const usd = {
  currency: 'USD' as const,
  subtotal: 42_000,
  discountAmount: 8_400,
  taxAmount: 0,
  taxRate: 0,
  totalAmount: 33_600,
  couponId: '5SEATS',
  couponPercentOff: 20,
};

describe('order summary', () => {
  it('PRICE-001 PRICE-005 PRICE-006 PRICE-015 7 seats in USD: per seat per month = yearly / 12, the volume discount, no coupon code, no tax lines', () => {
    const summary = checkoutSummary(usd, { seats: 7, planName: 'Pro', interval: 'YEARLY' });
    expect(summary.perSeatPerMonth).toBe('$5.00');
    expect(SHOW_SEAT_COUPONS).toBe(false);
    expect(summary.lines).toEqual([
      { label: 'Pro, 7 seats × $5.00 / month', value: '$420.00' },
      { label: 'Volume discount (20% off)', value: '−$84.00' },
      { label: 'Total', value: '$336.00' },
      { label: 'Billed annually', value: '' },
    ]);
  });

  it('PRICE-002 PRICE-003 PRICE-004 PRICE-005 in EUR the coupon comes off before the tax and four tax lines show', () => {
    const eur = { ...usd, currency: 'EUR' as const, taxRate: 19, taxAmount: 6_384, totalAmount: 39_984 };
    const summary = checkoutSummary(eur, { seats: 7, planName: 'Pro', interval: 'YEARLY' });
    expect(summary.lines.slice(2)).toEqual([
      { label: 'Total without taxes', value: '336.00 €' },
      { label: 'Taxes (19%)', value: '63.84 €' },
      { label: 'Total due', value: '399.84 €' },
      { label: 'Billed annually', value: '' },
    ]);
  });

  it('PRICE-006 one seat at an amount that does not divide by 12 shows 2 decimals', () => {
    const one = {
      ...usd,
      subtotal: 3_600,
      discountAmount: 0,
      totalAmount: 3_600,
      couponId: null,
      couponPercentOff: null,
    };
    expect(checkoutSummary(one, { seats: 1, planName: 'Pro Personal', interval: 'YEARLY' }).lines[0]).toEqual(
      {
        label: 'Pro Personal, 1 seat × $3.00 / month',
        value: '$36.00',
      },
    );
    const odd = { ...one, subtotal: 1_000, totalAmount: 1_000 };
    expect(checkoutSummary(odd, { seats: 1, planName: 'Pro', interval: 'YEARLY' }).perSeatPerMonth).toBe(
      '$0.83',
    );
  });

  it('PRICE-018 PRICE-019 PRICE-020 PRICE-021 PRICE-022 PRICE-023 PRICE-024 the list prices in USD', () => {
    expect(LIST_PRICES_USD).toEqual({
      PERSONAL: { YEARLY: 36, MONTHLY: 10 },
      PROFESSIONAL: { YEARLY: 60, MONTHLY: 20 },
      TEAM_5: { YEARLY: 150, MONTHLY: 50 },
      TEAM_10: { YEARLY: 270, MONTHLY: 80 },
      TEAM_25: { YEARLY: 450, MONTHLY: 167 },
      TEAM_50: { YEARLY: 750, MONTHLY: 333 },
      TEAM_100: { YEARLY: 1200, MONTHLY: 667 },
    });
  });

  it('PRICE-016 the copy-coupon label resets after 2000 ms', () => {
    expect(COPY_COUPON_RESET_MS).toBe(2000);
  });
});
