import type { Subscription } from '../subscriptions/subscription-contracts';
import { paymentStateOf, type PaymentState } from './payment-state';

/** ALERT-010: the payment alerts, each dismissed under its kind and the subscription's id. */
export const PAYMENT_ALERT_KINDS = [
  'payment-failed',
  'requires-confirmation',
  'subscription-canceled',
] as const;
export type PaymentAlertKind = (typeof PAYMENT_ALERT_KINDS)[number];

export const paymentAlertKey = (kind: PaymentAlertKind, subscriptionId: string) =>
  `${kind}:${subscriptionId}`;

/** BILL-024: the end date the banners name, '--' when it is not known. */
export const UNKNOWN_END_DATE = '--';

/**
 * BILL-022, BILL-023, BILL-025: the banners' titles word for word; the sentences after them are
 * ours (the spec says what they say, not how), and so is the link of the canceled banner, which
 * reuses the billing page's 'Purchase a new subscription' (BILL-001).
 */
export const PAYMENT_ALERT_TEXTS = {
  'payment-failed': {
    title: 'Your last payment attempt failed',
    message: (endDate: string) =>
      `Your subscription is still active but will be suspended on ${endDate} unless a successful payment is made.`,
    link: 'Update your payment preferences',
  },
  'requires-confirmation': {
    title: 'Your last payment attempt requires confirmation',
    message: (endDate: string) =>
      `Your subscription is still active but will be suspended on ${endDate} unless a successful payment is made.`,
    link: 'Confirm your payment',
  },
  'subscription-canceled': {
    title: 'All payment attempts failed',
    message: () => 'Your subscription has been canceled.',
    link: 'Purchase a new subscription',
  },
} as const satisfies Record<
  PaymentAlertKind,
  { title: string; message: (endDate: string) => string; link: string }
>;

/**
 * BILL-017 BILL-018 BILL-019 BILL-020, BILL-025: which payment alert a space's subscriptions call for, before
 * the live one's latest invoice is read. A live subscription needs its invoice (`live`); a space whose
 * subscriptions are all CANCELED and whose newest one ended on an unpaid invoice gets the
 * subscription-canceled alert; anything else none.
 */
export function paymentAlertSubject(
  subscriptions: readonly Subscription[],
): { kind: 'live'; subscription: Subscription } | { kind: 'canceled'; subscription: Subscription } | null {
  const live = subscriptions.find((item) => item.subscriptionStatus !== 'CANCELED');
  if (live) return live.paymentSource === 'STRIPE' ? { kind: 'live', subscription: live } : null;
  const newest = subscriptions[0];
  const invoice = newest?.additionalStripeInfo?.latestInvoice;
  if (!newest || !invoice) return null;
  return paymentStateOf(invoice) === 'PAID' ? null : { kind: 'canceled', subscription: newest };
}

/** BILL-018 BILL-019 BILL-020: the alert a live subscription's latest invoice calls for, if any. */
export function liveInvoiceAlert(paymentState: PaymentState): PaymentAlertKind | null {
  if (paymentState === 'PAYMENT_FAILED') return 'payment-failed';
  if (paymentState === 'REQUIRES_CONFIRMATION') return 'requires-confirmation';
  return null;
}
