import type { PaymentInfo } from './checkout-contracts';
import { perMonthOfYearly } from '../plans/price-rules';
import { formatMoney } from '../subscriptions/subscription-display';
import { SHOW_SEAT_COUPONS, VOLUME_DISCOUNT_NAME, type BillingInterval } from '../../constants/pricing';

/** One line of the order summary: a label and its amount ('' for a line without one). */
interface SummaryLine {
  label: string;
  value: string;
}

interface CheckoutSummary {
  /** What one seat costs per month: the yearly price / 12 (PRICE-001). */
  perSeatPerMonth: string;
  lines: SummaryLine[];
}

const BILLED = { MONTHLY: 'Billed monthly', YEARLY: 'Billed annually' } as const;

const seatsText = (seats: number) => `${seats} ${seats === 1 ? 'seat' : 'seats'}`;

/**
 * PRICE-001 PRICE-002 PRICE-003 PRICE-004 PRICE-005 PRICE-006, PRICE-015: the order summary of a purchase
 * from its price preview. The volume coupon comes off before tax (the preview did the arithmetic as the
 * invoice will); its code is not shown while the coupon display is off. Only EUR shows the tax, in four
 * lines.
 */
export function checkoutSummary(
  info: Pick<
    PaymentInfo,
    | 'currency'
    | 'subtotal'
    | 'discountAmount'
    | 'taxAmount'
    | 'taxRate'
    | 'totalAmount'
    | 'couponId'
    | 'couponPercentOff'
  >,
  { seats, planName, interval }: { seats: number; planName: string; interval: BillingInterval },
): CheckoutSummary {
  const money = (cents: number) => formatMoney(cents, info.currency);
  const perSeat = info.subtotal / Math.max(seats, 1);
  const perSeatPerMonth = money(interval === 'YEARLY' ? perMonthOfYearly(perSeat) : perSeat);
  const lines: SummaryLine[] = [
    { label: `${planName}, ${seatsText(seats)} × ${perSeatPerMonth} / month`, value: money(info.subtotal) },
  ];
  if (info.discountAmount > 0) {
    const name = SHOW_SEAT_COUPONS && info.couponId ? ` ${info.couponId}` : '';
    lines.push({
      label: `${VOLUME_DISCOUNT_NAME}${name} (${info.couponPercentOff ?? 0}% off)`,
      value: `−${money(info.discountAmount)}`,
    });
  }
  if (info.currency === 'EUR') {
    lines.push(
      { label: 'Total without taxes', value: money(info.subtotal - info.discountAmount) },
      { label: `Taxes (${info.taxRate}%)`, value: money(info.taxAmount) },
      { label: 'Total due', value: money(info.totalAmount) },
      { label: BILLED[interval], value: '' },
    );
  } else {
    lines.push({ label: 'Total', value: money(info.totalAmount) }, { label: BILLED[interval], value: '' });
  }
  return { perSeatPerMonth, lines };
}
