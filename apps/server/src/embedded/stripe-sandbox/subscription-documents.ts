import type { ResolvedItems } from './billing-items';
import { sandboxId } from './sandbox-ids';
import type { StripeObject } from './sandbox-store';

/** A subscription-level discount of one coupon, as `subscription.discounts[]` expands to. */
export function discountDocument(options: {
  coupon: StripeObject;
  customer: string;
  subscription: string;
  checkoutSession: string | null;
  now: number;
}): StripeObject {
  return {
    id: sandboxId('di'),
    object: 'discount',
    checkout_session: options.checkoutSession,
    customer: options.customer,
    customer_account: null,
    end: null,
    invoice: null,
    invoice_item: null,
    promotion_code: null,
    source: { type: 'coupon', coupon: options.coupon.id },
    start: options.now,
    subscription: options.subscription,
    subscription_item: null,
  };
}

/**
 * A subscription as the 2025+ API shapes it: the billing period on each item, `discounts` as
 * references, `billing_mode: flexible` (the default since 2025-09-30).
 */
export function subscriptionDocument(
  resolved: ResolvedItems,
  options: {
    id: string;
    customer: string;
    discount: string | null;
    defaultPaymentMethod: string;
    latestInvoice: string;
    metadata: Record<string, string>;
    periodStart: number;
    periodEnd: number;
    now: number;
    testClock: string | null;
  },
): StripeObject {
  return {
    id: options.id,
    object: 'subscription',
    application: null,
    billing_cycle_anchor: options.periodStart,
    billing_mode: { type: 'flexible', updated_at: options.now },
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: options.now,
    currency: resolved.currency,
    customer: options.customer,
    days_until_due: null,
    default_payment_method: options.defaultPaymentMethod,
    default_tax_rates: [],
    description: null,
    discounts: options.discount ? [options.discount] : [],
    ended_at: null,
    items: {
      object: 'list',
      data: resolved.items.map((item) => ({
        id: sandboxId('si'),
        object: 'subscription_item',
        created: options.now,
        current_period_start: options.periodStart,
        current_period_end: options.periodEnd,
        discounts: [],
        metadata: {},
        price: item.price,
        quantity: item.quantity,
        subscription: options.id,
        tax_rates: item.taxRates,
        billing_thresholds: null,
      })),
      has_more: false,
      url: `/v1/subscription_items?subscription=${options.id}`,
    },
    latest_invoice: options.latestInvoice,
    livemode: false,
    metadata: options.metadata,
    pause_collection: null,
    pending_update: null,
    schedule: null,
    start_date: options.now,
    status: 'active',
    test_clock: options.testClock,
    trial_end: null,
    trial_start: null,
  };
}
