import type { SubscriptionStatus } from '@mergeboard/core';
import type Stripe from 'stripe';

/** Stripe's many subscription states, as the dashboard's four. */
export function subscriptionStatusOf(status: Stripe.Subscription.Status): SubscriptionStatus {
  if (status === 'active' || status === 'trialing') return 'ACTIVE';
  if (status === 'past_due' || status === 'unpaid') return 'PAST_DUE';
  if (status === 'incomplete') return 'INCOMPLETE';
  return 'CANCELED';
}

export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** The coupon behind a subscription's first discount, when the discount came expanded. */
export function couponIdOf(subscription: Stripe.Subscription): string | null {
  for (const discount of subscription.discounts ?? []) {
    if (typeof discount === 'string') continue;
    const coupon = discount.source?.coupon;
    if (coupon) return idOf(coupon);
  }
  return null;
}

export const fromUnix = (seconds: number) => new Date(seconds * 1000);

export function invoiceStatusOf(
  status: Stripe.Invoice.Status | null,
): 'DRAFT' | 'OPEN' | 'PAID' | 'VOID' | 'UNCOLLECTIBLE' {
  if (status === 'paid') return 'PAID';
  if (status === 'open') return 'OPEN';
  if (status === 'void') return 'VOID';
  if (status === 'uncollectible') return 'UNCOLLECTIBLE';
  return 'DRAFT';
}
