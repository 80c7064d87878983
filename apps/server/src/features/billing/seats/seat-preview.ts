import type { PaymentInfo, UserPlan } from '@mergeboard/core';
import type Stripe from 'stripe';
import type { AppContext } from '../../../app-context';
import {
  customerNow,
  liveStripeSubscriptionOfSpace,
  seatItemOf,
  seatPlanOf,
  type SubscriptionRow,
} from '../subscription-change/live-subscription';
import { idOf } from '../sync/stripe-shapes';
import { requireOwnSeatPlan, requireSeatRoom } from './add-seats';

const DAY = 86_400;
const sumOf = (amounts: { amount: number }[] | null | undefined) =>
  (amounts ?? []).reduce((sum, item) => sum + item.amount, 0);

/**
 * A change to a live subscription as the summary pages show it: what is charged now, and what
 * each period costs afterwards (the provider's preview of the renewal after the change).
 */
export function changePaymentInfo(
  row: SubscriptionRow,
  previews: { chargedToday: number; renewal: Stripe.Invoice; prorationDate: number | null },
  target: { priceId: string; quantity: number; billingInterval: PaymentInfo['targetBillingInterval'] },
  proratedDays: number | null,
): PaymentInfo {
  const { renewal } = previews;
  return {
    currency: row.currency,
    totalAmount: renewal.total,
    taxRate: row.taxRate,
    chargedToday: previews.chargedToday,
    proratedDays,
    prorationDate: previews.prorationDate,
    stripePlans: [
      {
        stripePriceId: target.priceId,
        userIds: [],
        totalAmount: renewal.subtotal - sumOf(renewal.total_discount_amounts),
        quantity: target.quantity,
      },
    ],
    currentBillingInterval: row.billingInterval,
    targetBillingInterval: target.billingInterval,
    currentAmount: row.amount,
    stripeCheckoutSessionId: null,
    subtotal: renewal.subtotal,
    discountAmount: sumOf(renewal.total_discount_amounts),
    taxAmount: sumOf(renewal.total_taxes),
    couponId: row.couponId,
    couponPercentOff: row.couponPercentOff,
  };
}

/**
 * A new quantity of the live subscription's seats, priced by the provider's previews: with
 * `prorate`, at one fixed proration date, the prorated invoice charged now (always_invoice, as
 * the change itself), and in any case the next period's invoice with the new quantity.
 */
export async function previewQuantityChange(
  stripe: Stripe,
  row: SubscriptionRow,
  subscription: Stripe.Subscription,
  options: { quantity: number; prorate: boolean },
): Promise<PaymentInfo> {
  const item = seatItemOf(subscription);
  const { quantity } = options;
  const change = { customer: idOf(subscription.customer)!, subscription: subscription.id };
  const prorationDate = options.prorate ? await customerNow(stripe, subscription) : null;
  const prorated =
    prorationDate === null
      ? null
      : await stripe.invoices.createPreview({
          ...change,
          subscription_details: {
            items: [{ id: item.id, quantity }],
            proration_behavior: 'always_invoice',
            proration_date: prorationDate,
          },
        });
  const renewal = await stripe.invoices.createPreview({
    ...change,
    subscription_details: { items: [{ id: item.id, quantity }], proration_behavior: 'none' },
  });
  return changePaymentInfo(
    row,
    { chargedToday: prorated?.amount_due ?? 0, renewal, prorationDate },
    { priceId: item.price.id, quantity, billingInterval: row.billingInterval },
    prorationDate === null ? null : Math.ceil((item.current_period_end - prorationDate) / DAY),
  );
}

/**
 * SEAT-009 SEAT-010 SEAT-011 SEAT-012, design/payments.md §3: the price of adding seats to the space's live
 * subscription now. The proration date goes back to the client, which sends it with the purchase
 * so the charge matches the preview to the cent, while the preview holds (proration-date.ts).
 */
export async function previewAddedSeats(
  context: AppContext,
  workspaceId: string,
  seatPlans: { userPlan: Exclude<UserPlan, 'FREE'>; quantity: number }[],
): Promise<PaymentInfo> {
  const { db } = context.database;
  const { stripe } = context.payments;
  const row = await liveStripeSubscriptionOfSpace(db, workspaceId);
  const { seats } = await seatPlanOf(db, row.id);
  requireOwnSeatPlan(seats.userPlan, seatPlans);
  const subscription = await stripe.subscriptions.retrieve(row.providerSubscriptionId);
  const quantity = requireSeatRoom(
    seatItemOf(subscription).quantity ?? 1,
    seatPlans.reduce((sum, plan) => sum + plan.quantity, 0),
  );
  return previewQuantityChange(stripe, row, subscription, { quantity, prorate: true });
}
