import type { Subscription } from './subscription-contracts';
import { periodCharge } from '../plans/price-rules';
import type { Currency } from '../../constants/domain';
import type { BillingInterval } from '../../constants/pricing';

/**
 * BILL-017: the subscription the page shows. The list comes newest first; if every one is
 * CANCELED the space counts as canceled (and gets the free card and a way to buy again).
 */
export function subscriptionState(
  items: readonly Subscription[],
): { kind: 'none' } | { kind: 'canceled' } | { kind: 'active'; subscription: Subscription } {
  if (items.length === 0) return { kind: 'none' };
  const live = items.find((item) => item.subscriptionStatus !== 'CANCELED');
  return live ? { kind: 'active', subscription: live } : { kind: 'canceled' };
}

/** PRICE-005, PRICE-006: EUR with a trailing euro sign, any other currency with a dollar prefix. */
export function formatMoney(cents: number, currency: Currency): string {
  const amount = (cents / 100).toFixed(2);
  return currency === 'EUR' ? `${amount} €` : `$${amount}`;
}

const PERIOD = { MONTHLY: 'month', YEARLY: 'year' } as const;
const BILLED = { MONTHLY: 'Billed monthly', YEARLY: 'Billed annually' } as const;

/** One line of the price: a label and its amount. */
interface PriceLine {
  label: string;
  value: string;
}

/**
 * PRICE-002 PRICE-003 PRICE-004: what one period of the subscription costs. A forever or repeating coupon
 * comes off first; tax is added on the rest. Only EUR shows the tax: 'Total without taxes',
 * 'Taxes ({rate}%)', 'Total due' and how it is billed; other currencies show one price per period.
 */
export function subscriptionPrice(
  subscription: Pick<
    Subscription,
    'amount' | 'currency' | 'taxRate' | 'billingInterval' | 'additionalStripeInfo'
  >,
): { price: string; lines: PriceLine[] } {
  const coupon = subscription.additionalStripeInfo;
  const couponApplies = coupon?.couponDuration === 'forever' || coupon?.couponDuration === 'repeating';
  const charge = periodCharge({
    amount: subscription.amount,
    percentOff: couponApplies ? coupon.couponPercentOff : null,
    taxRate: subscription.taxRate,
  });
  const money = (cents: number) => formatMoney(cents, subscription.currency);
  const price = `${money(charge.total)} / ${PERIOD[subscription.billingInterval]}`;
  if (subscription.currency !== 'EUR') return { price, lines: [] };
  return {
    price,
    lines: [
      { label: 'Total without taxes', value: money(charge.amount - charge.discount) },
      { label: `Taxes (${subscription.taxRate}%)`, value: money(charge.tax) },
      { label: 'Total due', value: money(charge.total) },
      { label: BILLED[subscription.billingInterval], value: '' },
    ],
  };
}

/** BILL-012: when the current period ends, and whether it renews. `date` is already formatted. */
export const renewalLine = (autoRenew: boolean, date: string) =>
  autoRenew ? `Renews on ${date}` : `Ends on ${date}`;

/** BILL-013: a scheduled billing-cycle change, its first price at the new interval. */
export const scheduledChangeLine = (date: string, price: string, interval: BillingInterval) =>
  `Starting ${date}: ${price} / ${PERIOD[interval]}, billed ${interval === 'YEARLY' ? 'yearly' : 'monthly'}`;

/** BILL-035: the billing service's epoch-millisecond strings as numbers. */
export const timestampOf = (value: string) => Number.parseInt(value, 10);

/** The seats of a subscription's seat plans, summed; null total means unlimited (-1). */
export function subscriptionSeats(subscription: Pick<Subscription, 'subscriptionPaymentPlans'>): {
  assigned: number;
  total: number | null;
} {
  const plans = subscription.subscriptionPaymentPlans ?? [];
  const unlimited = plans.some((plan) => plan.totalSeats === -1);
  return {
    assigned: plans.reduce((sum, plan) => sum + plan.assignedSeats, 0),
    total: unlimited ? null : plans.reduce((sum, plan) => sum + plan.totalSeats, 0),
  };
}
