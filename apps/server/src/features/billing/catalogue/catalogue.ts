import {
  BILLING_INTERVALS,
  LIST_PRICE_PLANS,
  LIST_PRICES_USD,
  PLAN_LABELS,
  SEAT_DISCOUNTS,
  VOLUME_DISCOUNT_NAME,
  type BillingInterval,
  type ListPricePlan,
} from '@mergeboard/core';
import type Stripe from 'stripe';
import type { Db } from '../../../db/client';
import { insertPaymentPlan, insertPaymentPlanTier, pointPaymentPlanAtPrice } from '../billing-queries';

/** The currencies we sell in; INR identifiers exist in the configuration but are not sold. */
const SOLD_CURRENCIES = ['USD', 'EUR'] as const;

/** The stable name of a price at the provider, whatever id the provider gave it. */
const priceLookupKey = (plan: ListPricePlan, interval: BillingInterval, currency: string) =>
  `mergeboard_${plan}_${interval}_${currency}`.toLowerCase();

const productId = (plan: ListPricePlan) => `mergeboard_${plan.toLowerCase()}`;

/**
 * What the provider's checkout, portal and invoices call each plan: the per-seat Pro plans by the
 * plan labels the billing page and our checkout use (BILL-038), so one plan has one name.
 */
const PRODUCT_NAMES: Record<ListPricePlan, string> = {
  PERSONAL: PLAN_LABELS.PRO_PERSONAL,
  PROFESSIONAL: PLAN_LABELS.PRO,
  TEAM_5: 'Team 5',
  TEAM_10: 'Team 10',
  TEAM_25: 'Team 25',
  TEAM_50: 'Team 50',
  TEAM_100: 'Team 100',
};

function isMissing(error: unknown): boolean {
  return (error as { code?: string }).code === 'resource_missing';
}

async function ensureProduct(stripe: Stripe, plan: ListPricePlan): Promise<string> {
  const id = productId(plan);
  const name = PRODUCT_NAMES[plan];
  try {
    const product = await stripe.products.retrieve(id);
    // An earlier setup named it otherwise: the name people read follows the app's.
    if (product.name !== name) await stripe.products.update(id, { name });
  } catch (error) {
    if (!isMissing(error)) throw error;
    await stripe.products.create({ id, name, metadata: { listPricePlan: plan } });
  }
  return id;
}

async function ensurePrice(
  stripe: Stripe,
  plan: ListPricePlan,
  interval: BillingInterval,
  currency: string,
  product: string,
): Promise<string> {
  const lookupKey = priceLookupKey(plan, interval, currency);
  const found = await stripe.prices.list({ lookup_keys: [lookupKey], limit: 1 });
  if (found.data[0]) return found.data[0].id;
  // The spec gives list prices in USD only; EUR prices carry the same figures (README, Payments).
  const price = await stripe.prices.create({
    currency: currency.toLowerCase(),
    unit_amount: LIST_PRICES_USD[plan][interval] * 100,
    product,
    recurring: { interval: interval === 'YEARLY' ? 'year' : 'month' },
    lookup_key: lookupKey,
    tax_behavior: 'exclusive',
  });
  return price.id;
}

/**
 * The coupons carry the order summary's name for the discount, which the provider's pages show
 * next to the percentage ('Volume discount (30% off)', as our order summary says it).
 */
async function ensureCoupons(stripe: Stripe): Promise<void> {
  for (const discount of SEAT_DISCOUNTS) {
    try {
      const coupon = await stripe.coupons.retrieve(discount.code);
      if (coupon.name !== VOLUME_DISCOUNT_NAME) {
        await stripe.coupons.update(discount.code, { name: VOLUME_DISCOUNT_NAME });
      }
    } catch (error) {
      if (!isMissing(error)) throw error;
      await stripe.coupons.create({
        id: discount.code,
        name: VOLUME_DISCOUNT_NAME,
        percent_off: discount.percentOff,
        duration: 'forever',
      });
    }
  }
}

/**
 * PERSONAL and PROFESSIONAL are the per-seat Pro prices for Gmail-type (PRO_PERSONAL) and domain
 * (PRO) users; the TEAM sizes are the flat legacy team prices.
 */
export function listPricePlanShape(plan: ListPricePlan) {
  if (plan === 'PERSONAL')
    return { workspacePlan: 'PRO', userPlan: 'PRO_PERSONAL', isPerSeat: true } as const;
  if (plan === 'PROFESSIONAL') return { workspacePlan: 'PRO', userPlan: 'PRO', isPerSeat: true } as const;
  return { workspacePlan: 'LEGACY', userPlan: 'PRO', isPerSeat: false } as const;
}

/** Our payment plan of this list price now names the provider's price; created when missing. */
async function pointPaymentPlanAt(
  db: Db,
  key: { plan: ListPricePlan; interval: BillingInterval; currency: (typeof SOLD_CURRENCIES)[number] },
  stripePriceId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (await pointPaymentPlanAtPrice(tx, key, stripePriceId)) return;
    const createdId = await insertPaymentPlan(tx, {
      stripePriceId,
      listPricePlan: key.plan,
      ...listPricePlanShape(key.plan),
      billingInterval: key.interval,
      currency: key.currency,
      status: 'ACTIVE',
    });
    if (key.currency === 'USD') {
      await insertPaymentPlanTier(tx, {
        paymentPlanId: createdId,
        upTo: null,
        unitAmount: LIST_PRICES_USD[key.plan][key.interval] * 100,
      });
    }
  });
}

export interface CatalogueResult {
  prices: { lookupKey: string; priceId: string }[];
  coupons: string[];
}

/**
 * Sets up what checkout sells at the provider — a product per list-price plan, its prices in USD
 * and EUR, monthly and yearly, found again by lookup key, and the seat volume coupons — and points
 * our payment plans at those prices. Safe to run again: it creates what is missing and renames
 * products and coupons an older setup named otherwise.
 */
export async function setUpCatalogue(stripe: Stripe, db: Db): Promise<CatalogueResult> {
  const prices: CatalogueResult['prices'] = [];
  for (const plan of LIST_PRICE_PLANS) {
    // Every run, not only when a price is missing: a product named by an older setup is renamed.
    const product = await ensureProduct(stripe, plan);
    for (const interval of BILLING_INTERVALS) {
      for (const currency of SOLD_CURRENCIES) {
        const priceId = await ensurePrice(stripe, plan, interval, currency, product);
        prices.push({ lookupKey: priceLookupKey(plan, interval, currency), priceId });
        await pointPaymentPlanAt(db, { plan, interval, currency }, priceId);
      }
    }
  }
  await ensureCoupons(stripe);
  return { prices, coupons: SEAT_DISCOUNTS.map((discount) => discount.code) };
}
