import type { PaymentInfo } from '@mergeboard/core';
import type Stripe from 'stripe';
import type { ResolvedPurchase } from './checkout-plans';

/** The subscription a purchase would create, as Stripe's preview and Checkout both take it. */
export const subscriptionItemsOf = (purchase: ResolvedPurchase) =>
  purchase.lines.map((line) => ({
    price: line.stripePriceId,
    quantity: line.quantity,
    ...(purchase.taxRateId ? { tax_rates: [purchase.taxRateId] } : {}),
  }));

export const discountsOf = (purchase: ResolvedPurchase) =>
  purchase.couponId ? [{ coupon: purchase.couponId }] : [];

const priceIdOf = (line: Stripe.InvoiceLineItem): string | null => {
  const price = line.pricing?.price_details?.price;
  if (!price) return null;
  return typeof price === 'string' ? price : price.id;
};

/**
 * CHK-072: the price of a new purchase, read from the provider's invoice preview (never computed
 * on our side, so what is shown is what Checkout charges). A new subscription charges its first
 * period today.
 */
export async function previewPurchase(
  stripe: Stripe,
  purchase: ResolvedPurchase,
  options: { billingInterval: PaymentInfo['targetBillingInterval']; customerId: string | null },
): Promise<Omit<PaymentInfo, 'currentBillingInterval' | 'currentAmount'>> {
  const invoice = await stripe.invoices.createPreview({
    currency: purchase.currency.toLowerCase(),
    ...(options.customerId ? { customer: options.customerId } : {}),
    discounts: discountsOf(purchase),
    subscription_details: { items: subscriptionItemsOf(purchase) },
  });
  const discountAmount = (invoice.total_discount_amounts ?? []).reduce((sum, item) => sum + item.amount, 0);
  const taxAmount = (invoice.total_taxes ?? []).reduce((sum, item) => sum + item.amount, 0);
  const lines = invoice.lines.data;
  return {
    currency: purchase.currency,
    totalAmount: invoice.total,
    taxRate: purchase.taxRatePercent,
    chargedToday: invoice.amount_due,
    proratedDays: null,
    prorationDate: null,
    stripePlans: purchase.lines.map((line, index) => {
      const invoiceLine = lines.find((item) => priceIdOf(item) === line.stripePriceId) ?? lines[index];
      const lineDiscount = (invoiceLine?.discount_amounts ?? []).reduce((sum, item) => sum + item.amount, 0);
      return {
        stripePriceId: line.stripePriceId,
        userIds: [],
        totalAmount: (invoiceLine?.amount ?? 0) - lineDiscount,
        quantity: line.quantity,
      };
    }),
    targetBillingInterval: options.billingInterval,
    stripeCheckoutSessionId: null,
    subtotal: invoice.subtotal,
    discountAmount,
    taxAmount,
    couponId: purchase.couponId,
    couponPercentOff: purchase.couponPercentOff,
  };
}
