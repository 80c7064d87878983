import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  renewalLine,
  scheduledChangeLine,
  subscriptionPrice,
  subscriptionSeats,
  subscriptionState,
  timestampOf,
} from './subscription-display';
import { subscription } from '../../testing/subscription-test-kit';

describe('subscription display', () => {
  it('BILL-017 all CANCELED counts as canceled; otherwise the newest live one shows', () => {
    const canceled = subscription({ subscriptionStatus: 'CANCELED' });
    expect(subscriptionState([])).toEqual({ kind: 'none' });
    expect(subscriptionState([canceled, { ...canceled, subscriptionId: 'sub-0' }])).toEqual({
      kind: 'canceled',
    });
    const live = subscription({ subscriptionId: 'sub-2' });
    expect(subscriptionState([canceled, live])).toEqual({ kind: 'active', subscription: live });
  });

  it('PRICE-005 PRICE-006 EUR has a trailing euro sign, others a dollar prefix, 2 decimals', () => {
    expect(formatMoney(12_345, 'EUR')).toBe('123.45 €');
    expect(formatMoney(90_000, 'USD')).toBe('$900.00');
    expect(formatMoney(50, 'INR')).toBe('$0.50');
  });

  it('PRICE-004 a USD price shows one line per period, no taxes', () => {
    expect(subscriptionPrice(subscription())).toEqual({ price: '$900.00 / year', lines: [] });
  });

  it('PRICE-002 PRICE-003 PRICE-004 a EUR price with 21 % tax shows the tax lines', () => {
    expect(subscriptionPrice(subscription({ currency: 'EUR', taxRate: 21, amount: 24_000 }))).toEqual({
      price: '290.40 € / year',
      lines: [
        { label: 'Total without taxes', value: '240.00 €' },
        { label: 'Taxes (21%)', value: '50.40 €' },
        { label: 'Total due', value: '290.40 €' },
        { label: 'Billed annually', value: '' },
      ],
    });
  });

  it('PRICE-002 BILL-036 a forever or repeating coupon comes off before tax; a once coupon does not', () => {
    const info = (couponDuration: 'forever' | 'repeating' | 'once') => ({
      country: 'US',
      companyName: null,
      couponId: 'c',
      couponDuration,
      couponPercentOff: 20,
      latestInvoice: null,
      upcomingInvoice: null,
    });
    expect(subscriptionPrice(subscription({ additionalStripeInfo: info('forever') })).price).toBe(
      '$720.00 / year',
    );
    expect(subscriptionPrice(subscription({ additionalStripeInfo: info('repeating') })).price).toBe(
      '$720.00 / year',
    );
    expect(subscriptionPrice(subscription({ additionalStripeInfo: info('once') })).price).toBe(
      '$900.00 / year',
    );
  });

  it('BILL-012 renews when autoRenew, else ends', () => {
    expect(renewalLine(true, 'January 1st, 2026')).toBe('Renews on January 1st, 2026');
    expect(renewalLine(false, 'January 1st, 2026')).toBe('Ends on January 1st, 2026');
  });

  it('BILL-013 a scheduled cycle change names its date, price and interval', () => {
    expect(scheduledChangeLine('March 2nd, 2026', '$75.00', 'MONTHLY')).toBe(
      'Starting March 2nd, 2026: $75.00 / month, billed monthly',
    );
    expect(scheduledChangeLine('March 2nd, 2026', '$900.00', 'YEARLY')).toBe(
      'Starting March 2nd, 2026: $900.00 / year, billed yearly',
    );
  });

  it('BILL-035 timestamps arrive as strings and become integers', () => {
    expect(timestampOf('1731536000000')).toBe(1_731_536_000_000);
  });

  it('BILL-037 seats add up over the seat plans; -1 is unlimited', () => {
    const plan = {
      paymentPlanId: 'p',
      stripePriceId: 's',
      userPlanType: 'PRO' as const,
      legalEntity: 'US' as const,
      numberOfLicensesUsed: 9,
      allowedQuantity: 15,
      assignedSeats: 9,
      totalSeats: 15,
      availableSeats: 6,
      tiers: [],
    };
    expect(subscriptionSeats({ subscriptionPaymentPlans: [plan] })).toEqual({ assigned: 9, total: 15 });
    expect(subscriptionSeats({ subscriptionPaymentPlans: [{ ...plan, totalSeats: -1 }] })).toEqual({
      assigned: 9,
      total: null,
    });
  });
});
