import { BILLING_INTERVALS, PLAN_LABELS, type BillingInterval } from '@mergeboard/core';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import { paymentPlans } from '../../db/schema';
import { DEMO_PREMIUM_PRICES_USD, DEMO_PREMIUM_STRIPE_PRICE_ID } from './billing-data';

const PRODUCT_ID = 'mergeboard_demo_premium';

/** The stable name of a stand-in price in the sandbox, whatever id the sandbox gave it. */
const lookupKeyOf = (interval: BillingInterval) => `mergeboard_demo_premium_${interval}_usd`.toLowerCase();

/** Named as the billing page names the plan (BILL-038), as the catalogue's products are. */
async function ensureProduct(stripe: Stripe): Promise<void> {
  const name = PLAN_LABELS.PREMIUM;
  try {
    const product = await stripe.products.retrieve(PRODUCT_ID);
    if (product.name !== name) await stripe.products.update(PRODUCT_ID, { name });
  } catch (error) {
    if ((error as { code?: string }).code !== 'resource_missing') throw error;
    await stripe.products.create({ id: PRODUCT_ID, name, metadata: { workspacePlan: 'PREMIUM' } });
  }
}

async function ensurePrice(stripe: Stripe, interval: BillingInterval): Promise<string> {
  const lookupKey = lookupKeyOf(interval);
  const found = await stripe.prices.list({ lookup_keys: [lookupKey], limit: 1 });
  if (found.data[0]) return found.data[0].id;
  const price = await stripe.prices.create({
    currency: 'usd',
    unit_amount: DEMO_PREMIUM_PRICES_USD[interval] * 100,
    product: PRODUCT_ID,
    recurring: { interval: interval === 'YEARLY' ? 'year' : 'month' },
    lookup_key: lookupKey,
    tax_behavior: 'exclusive',
  });
  return price.id;
}

/**
 * The demo's Premium stand-in prices in USD (monthly and yearly, the older flow's prices, which
 * the spec gives no amount for and `setUpCatalogue` does not sell) put into the payment sandbox's
 * catalogue, and our payment plans pointed at them: so Acme Europe's yearly Premium can be bought
 * there and later moved to monthly. Only the demo, and only with the sandbox, calls this; safe to
 * run again. Initech Berlin's EUR stand-ins stay rows of ours.
 */
export async function sellDemoPremiumInSandbox(stripe: Stripe, db: Db): Promise<void> {
  await ensureProduct(stripe);
  for (const interval of BILLING_INTERVALS) {
    const priceId = await ensurePrice(stripe, interval);
    await db
      .update(paymentPlans)
      .set({ stripePriceId: priceId, updatedAt: new Date() })
      .where(eq(paymentPlans.stripePriceId, DEMO_PREMIUM_STRIPE_PRICE_ID(interval, 'USD')));
  }
}
