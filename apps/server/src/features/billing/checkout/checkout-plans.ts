import {
  currencyForCountry,
  seatDiscountFor,
  taxRateFor,
  type BillingInterval,
  type UserPlan,
} from '@mergeboard/core';
import type Stripe from 'stripe';
import type { Db } from '../../../db/client';
import { AppError } from '../../../http/app-error';
import { perSeatPricesFor } from './checkout-queries';

/** What a purchase is, before any price is read: the same for the preview and the charge. */
export interface PurchaseRequest {
  country: string;
  isBusiness: boolean;
  workspacePlan: 'PRO' | 'PREMIUM';
  billingInterval: BillingInterval;
  seatPlans: { userPlan: Exclude<UserPlan, 'FREE'>; quantity: number }[];
}

/** The purchase resolved to the provider's prices, coupon and tax rate. */
export interface ResolvedPurchase {
  currency: 'USD' | 'EUR';
  lines: { stripePriceId: string; userPlan: UserPlan; quantity: number }[];
  couponId: string | null;
  couponPercentOff: number | null;
  taxRatePercent: number;
  /** The provider's tax rate object for `taxRatePercent`, when there is tax. */
  taxRateId: string | null;
}

/**
 * Our ACTIVE payment plans of the purchase's plan, interval and currency, one per seat plan; the
 * volume coupon its seat count earns (PRICE-010 PRICE-011 PRICE-012 PRICE-013 PRICE-014, computed here, never
 * taken from the client); and the tax rate of design/payments.md §3's one tax model.
 */
export async function resolvePurchase(
  db: Db,
  stripe: Stripe,
  purchase: PurchaseRequest,
): Promise<ResolvedPurchase> {
  const currency = currencyForCountry(purchase.country);
  const userPlans = purchase.seatPlans.map((plan) => plan.userPlan);
  const plans = await perSeatPricesFor(db, { ...purchase, currency }, userPlans);
  const lines = purchase.seatPlans.map((seatPlan) => {
    const plan = plans.find((candidate) => candidate.userPlan === seatPlan.userPlan);
    if (!plan) {
      throw new AppError(
        'price_not_available',
        `No ${purchase.workspacePlan} ${purchase.billingInterval.toLowerCase()} price in ${currency} for ${seatPlan.userPlan} seats`,
      );
    }
    return { stripePriceId: plan.stripePriceId, userPlan: seatPlan.userPlan, quantity: seatPlan.quantity };
  });
  const seats = lines.reduce((sum, line) => sum + line.quantity, 0);
  const taxRatePercent = taxRateFor({ country: purchase.country, isBusiness: purchase.isBusiness });
  const discount = seatDiscountFor(seats);
  return {
    currency,
    lines,
    couponId: discount?.code ?? null,
    couponPercentOff: discount?.percentOff ?? null,
    taxRatePercent,
    taxRateId: taxRatePercent > 0 ? await taxRateId(stripe, purchase.country, taxRatePercent) : null,
  };
}

/**
 * The provider's exclusive VAT rate for a country and percentage, created the first time. Tax
 * rates cannot be deleted at Stripe, so they are found again by metadata rather than recreated.
 */
async function taxRateId(stripe: Stripe, country: string, percentage: number): Promise<string> {
  const key = `vat_${country}_${percentage}`;
  for await (const rate of stripe.taxRates.list({ active: true, limit: 100 })) {
    if (rate.metadata?.mergeboard === key) return rate.id;
  }
  const created = await stripe.taxRates.create(
    {
      display_name: 'VAT',
      percentage,
      inclusive: false,
      country,
      jurisdiction: country,
      metadata: { mergeboard: key },
    },
    { idempotencyKey: `tax-rate-${key}` },
  );
  return created.id;
}
