import { describe, expect, it } from 'vitest';
import { periodEnd, priceInvoice } from './pricing';

describe('the sandbox money rule', () => {
  it('PRICE-010 takes the coupon before an exclusive tax, rounding each line', () => {
    const priced = priceInvoice(
      [{ unitAmount: 9600, quantity: 7, taxRates: [{ id: 'txr_de', percentage: 19, inclusive: false }] }],
      5,
    );
    expect(priced).toMatchObject({ subtotal: 67200, discount: 3360, tax: 12130, total: 75970 });
    expect(priced.lines[0]?.taxes[0]).toMatchObject({ taxableAmount: 63840, amount: 12130 });
  });

  it('leaves an inclusive tax inside the total', () => {
    const priced = priceInvoice(
      [{ unitAmount: 1190, quantity: 1, taxRates: [{ id: 'txr', percentage: 19, inclusive: true }] }],
      null,
    );
    expect(priced).toMatchObject({ subtotal: 1190, tax: 190, total: 1190 });
  });

  it('ends a period a month or a year later, on the last day of a shorter month', () => {
    const jan31 = Date.UTC(2026, 0, 31, 10) / 1000;
    expect(new Date(periodEnd(jan31, 'month', 1) * 1000).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(new Date(periodEnd(jan31, 'year', 1) * 1000).toISOString()).toBe('2027-01-31T10:00:00.000Z');
  });
});
