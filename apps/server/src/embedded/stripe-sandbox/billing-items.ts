import { z } from 'zod';
import type { Db } from '../../db/client';
import { invalidParam } from './sandbox-errors';
import { formInt } from './sandbox-params';
import { findObject, getObject, type StripeObject } from './sandbox-store';
import { priceInvoice, prorationShare, type PricedInvoice } from './pricing';

/** An item of a subscription to be: what Checkout's line_items and a preview's items both take. */
export const itemParam = z.strictObject({
  price: z.string().min(1),
  quantity: formInt.min(1).max(10_000).default(1),
  tax_rates: z.array(z.string()).max(5).optional(),
});
export const discountsParam = z
  .array(z.strictObject({ coupon: z.string().min(1) }))
  .max(1)
  .optional();

/** A line billing part of a period: the unused time of old items (credit) or the rest of new ones. */
export interface Proration {
  from: number;
  period: { start: number; end: number };
  credit: boolean;
  /** The subscription item the line is about. */
  subscriptionItem: string;
}

export type ItemInput = z.infer<typeof itemParam> & { proration?: Proration };

/** Items with their price and tax rate objects, all recurring in one currency and interval. */
export interface ResolvedItems {
  items: {
    price: StripeObject;
    /** The product's name, as Stripe's invoice lines and pages name what they bill. */
    name: string;
    quantity: number;
    taxRates: StripeObject[];
    proration?: Proration;
  }[];
  currency: string;
  recurring: { interval: string; interval_count: number };
  coupon: StripeObject | null;
  priced: PricedInvoice;
}

export async function resolveItems(
  db: Db,
  input: { items: ItemInput[]; discounts?: { coupon: string }[] | undefined },
  param: string,
): Promise<ResolvedItems> {
  if (input.items.length === 0) throw invalidParam(param, `Missing required param: ${param}.`);
  const items = [];
  for (const [index, item] of input.items.entries()) {
    const price = await getObject(db, 'price', item.price, `${param}[${index}][price]`);
    if (!price.recurring) {
      throw invalidParam(`${param}[${index}][price]`, 'The price must be recurring for a subscription.');
    }
    const taxRates = [];
    for (const id of item.tax_rates ?? []) {
      taxRates.push(await getObject(db, 'tax_rate', id, `${param}[${index}][tax_rates]`));
    }
    const product = await findObject(db, 'product', price.product as string);
    const name = String(product?.name ?? price.nickname ?? price.id);
    items.push({ price, name, quantity: item.quantity, taxRates, proration: item.proration });
  }
  const first = items[0]!.price;
  const recurring = first.recurring as { interval: string; interval_count: number };
  for (const [index, { price }] of items.entries()) {
    const other = price.recurring as typeof recurring;
    if (price.currency !== first.currency || other.interval !== recurring.interval) {
      throw invalidParam(
        `${param}[${index}][price]`,
        'All prices of a subscription must share one currency and one billing interval.',
      );
    }
  }
  const couponId = input.discounts?.[0]?.coupon;
  const coupon = couponId ? await findObject(db, 'coupon', couponId) : null;
  if (couponId && !coupon) throw invalidParam('discounts[0][coupon]', `No such coupon: '${couponId}'`);
  if (coupon?.amount_off) {
    throw invalidParam('discounts[0][coupon]', 'The sandbox applies percent_off coupons only.');
  }
  const priced = priceInvoice(
    items.map((item) => ({
      unitAmount: item.price.unit_amount as number,
      quantity: item.quantity,
      taxRates: item.taxRates.map((rate) => ({
        id: rate.id,
        percentage: rate.percentage as number,
        inclusive: rate.inclusive as boolean,
      })),
      ...(item.proration
        ? { share: prorationShare(item.proration.from, item.proration.period, item.proration.credit) }
        : {}),
    })),
    (coupon?.percent_off as number | null) ?? null,
  );
  return { items, currency: first.currency as string, recurring, coupon, priced };
}

/** A subscription item as the sandbox stores it (its price and tax rates embedded, as Stripe answers). */
export interface SubscriptionItem {
  id: string;
  price: StripeObject;
  quantity: number;
  tax_rates: StripeObject[];
  current_period_start: number;
  current_period_end: number;
}

export const subscriptionItems = (subscription: StripeObject) =>
  (subscription.items as { data: SubscriptionItem[] }).data;

/** The billing period the subscription is in (every item shares it: one interval per subscription). */
export function currentPeriod(subscription: StripeObject): { start: number; end: number } {
  const first = subscriptionItems(subscription)[0]!;
  return { start: first.current_period_start, end: first.current_period_end };
}

/** An item as the pricing input takes it. */
export const itemInput = (item: Pick<SubscriptionItem, 'price' | 'quantity' | 'tax_rates'>): ItemInput => ({
  price: item.price.id,
  quantity: item.quantity,
  tax_rates: item.tax_rates.map((rate) => rate.id),
});

/** The subscription's discount and the coupon behind it: every invoice of it applies that coupon. */
export async function subscriptionDiscount(
  db: Db,
  subscription: StripeObject,
): Promise<{ discountId: string | null; discounts: { coupon: string }[] }> {
  const discountId = (subscription.discounts as string[])[0] ?? null;
  const discount = discountId ? await findObject(db, 'discount', discountId) : null;
  const couponId = (discount?.source as { coupon?: string } | undefined)?.coupon;
  return { discountId, discounts: couponId ? [{ coupon: couponId }] : [] };
}
