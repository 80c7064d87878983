import { SEAT_DISCOUNTS } from '../../constants/pricing';

/** What one billing period costs, in cents of its currency. */
interface PeriodCharge {
  /** The price before coupon and tax. */
  amount: number;
  discount: number;
  tax: number;
  /** amount − discount + tax: what the payer is charged. */
  total: number;
}

/**
 * PRICE-002, PRICE-003: a forever or repeating coupon's percent comes off the amount first, then
 * tax is added on what is left (total = net + net × taxRate / 100). Each step rounds to the cent,
 * as the payment provider's invoice does.
 */
export function periodCharge(options: {
  amount: number;
  percentOff?: number | null;
  taxRate?: number | null;
}): PeriodCharge {
  const discount = Math.round((options.amount * (options.percentOff ?? 0)) / 100);
  const net = options.amount - discount;
  const tax = Math.round((net * (options.taxRate ?? 0)) / 100);
  return { amount: options.amount, discount, tax, total: net + tax };
}

/** PRICE-001: a yearly price shown per month. */
export const perMonthOfYearly = (yearlyAmount: number) => yearlyAmount / 12;

/** PRICE-010 PRICE-011 PRICE-012 PRICE-013 PRICE-014: the volume coupon a number of seats earns, if any. */
export function seatDiscountFor(seats: number): (typeof SEAT_DISCOUNTS)[number] | null {
  return SEAT_DISCOUNTS.find((discount) => seats >= discount.minSeats && seats <= discount.maxSeats) ?? null;
}
