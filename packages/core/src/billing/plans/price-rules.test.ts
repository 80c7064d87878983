import { describe, expect, it } from 'vitest';
import { perMonthOfYearly, periodCharge, seatDiscountFor } from './price-rules';

describe('price rules', () => {
  it('PRICE-002 PRICE-003 takes the coupon off before tax, then adds tax on the rest', () => {
    // 7 seats at 60 USD a year with 5SEATS (20 %) and 19 % tax.
    expect(periodCharge({ amount: 42_000, percentOff: 20, taxRate: 19 })).toEqual({
      amount: 42_000,
      discount: 8_400,
      tax: 6_384,
      total: 39_984,
    });
    expect(periodCharge({ amount: 6_000 })).toEqual({ amount: 6_000, discount: 0, tax: 0, total: 6_000 });
  });

  it('PRICE-003 rounds each step to the cent', () => {
    expect(periodCharge({ amount: 1_667, percentOff: 30, taxRate: 21 })).toEqual({
      amount: 1_667,
      discount: 500,
      tax: 245,
      total: 1_412,
    });
  });

  it('PRICE-001 shows a yearly price per month as a twelfth', () => {
    expect(perMonthOfYearly(6_000)).toBe(500);
    expect(perMonthOfYearly(3_600)).toBe(300);
  });

  it.each([
    [1, null],
    [4, null],
    [5, '5SEATS'],
    [9, '5SEATS'],
    [10, '10SEATS'],
    [24, '10SEATS'],
    [25, '25SEATS'],
    [49, '25SEATS'],
    [50, '50SEATS'],
    [99, '50SEATS'],
    [100, '100SEATS'],
  ])('PRICE-010 PRICE-011 PRICE-012 PRICE-013 PRICE-014 %i seats earn %s', (seats, code) => {
    expect(seatDiscountFor(seats)?.code ?? null).toBe(code);
  });
});
