/**
 * The sandbox's one money rule, used for an invoice preview, a checkout's totals and the invoice
 * it charges, so the three agree to the cent (as Stripe's do). Amounts are in the currency's
 * minor unit. A percentage coupon takes its share of each line, rounded per line; an exclusive
 * tax rate is added on what is left of the line after its discount, rounded per line and rate.
 */
interface PricedItem {
  unitAmount: number;
  quantity: number;
  taxRates: { id: string; percentage: number; inclusive: boolean }[];
  /** A proration: the share of the period it bills, a credit when negative (see `prorationShare`). */
  share?: number;
}

export interface PricedLine {
  amount: number;
  discount: number;
  taxes: { taxRate: string; amount: number; taxableAmount: number; inclusive: boolean }[];
}

export interface PricedInvoice {
  lines: PricedLine[];
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
}

/** Half away from zero, as money is rounded on an invoice. */
const roundMinor = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

export function priceInvoice(items: PricedItem[], percentOff: number | null): PricedInvoice {
  const lines = items.map((item): PricedLine => {
    const whole = item.unitAmount * item.quantity;
    const amount = item.share === undefined ? whole : roundMinor(whole * item.share);
    const discount = percentOff ? roundMinor((amount * percentOff) / 100) : 0;
    const base = amount - discount;
    const inclusivePercent = item.taxRates
      .filter((rate) => rate.inclusive)
      .reduce((sum, rate) => sum + rate.percentage, 0);
    // An inclusive rate is already inside the price: its share is taken out, not added.
    const net = inclusivePercent > 0 ? base / (1 + inclusivePercent / 100) : base;
    const taxes = item.taxRates.map((rate) => ({
      taxRate: rate.id,
      amount: roundMinor((net * rate.percentage) / 100),
      taxableAmount: roundMinor(net),
      inclusive: rate.inclusive,
    }));
    return { amount, discount, taxes };
  });
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const subtotal = sum(lines.map((line) => line.amount));
  const discount = sum(lines.map((line) => line.discount));
  const tax = sum(lines.flatMap((line) => line.taxes.map((entry) => entry.amount)));
  const added = sum(lines.flatMap((line) => line.taxes.filter((t) => !t.inclusive).map((t) => t.amount)));
  return { lines, subtotal, discount, tax, total: subtotal - discount + added };
}

/**
 * The share of a period from `from` to its end, as Stripe prorates: by the second. A credit for the
 * unused time of the old items takes the same share, negative, so a line credits back what a
 * charge of the same items would have billed. The share is applied to the line (unit amount ×
 * quantity), then rounded once, and the coupon and tax follow on that amount as on any line.
 */
export function prorationShare(
  from: number,
  period: { start: number; end: number },
  credit: boolean,
): number {
  const share = (period.end - from) / (period.end - period.start);
  return credit ? -share : share;
}

/** The end of a billing period that starts at `start` (unix seconds), months clamped as Stripe does. */
export function periodEnd(start: number, interval: string, count: number): number {
  const date = new Date(start * 1000);
  if (interval === 'day' || interval === 'week') {
    return start + count * (interval === 'day' ? 1 : 7) * 86_400;
  }
  const months = count * (interval === 'year' ? 12 : 1);
  const target = new Date(
    Date.UTC(
      date.getUTCFullYear(),
      date.getUTCMonth() + months,
      1,
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}
