import type { Subscription } from '../billing/billing-contracts';
import { paymentStateOf, type PaymentState } from '../billing/payment-state';
import type { Role, WorkspacePlan } from '../constants/domain';

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
 * ALERT-013: we implement the first variant of the billing warnings, as the legacy alert does
 * (ALERT-004, 'Learn more'): they show to ADMIN or OWNER and each can be dismissed (ALERT-010),
 * not the second variant's OWNER-only warnings that cannot be closed (ALERT-012, ALERT-014).
 */
export const seesBillingWarnings = (role: Role) => role === 'ADMIN' || role === 'OWNER';

/**
 * Whether the shell loads the payment alerts at all: a manager of a space that pays, or of any
 * space on its billing page (where a canceled subscription is told, BILL-025).
 */
export const loadsPaymentAlerts = (
  space: { userRole: Role; workspacePlan: WorkspacePlan },
  onBilling: boolean,
) => seesBillingWarnings(space.userRole) && (space.workspacePlan !== 'FREE' || onBilling);

/**
 * BILL-017..020, BILL-025: which payment alert a space's subscriptions call for, before the live
 * one's latest invoice is read. A live subscription needs its invoice (`live`); a space whose
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

/** BILL-018..020: the alert a live subscription's latest invoice calls for, if any. */
export function liveInvoiceAlert(paymentState: PaymentState): PaymentAlertKind | null {
  if (paymentState === 'PAYMENT_FAILED') return 'payment-failed';
  if (paymentState === 'REQUIRES_CONFIRMATION') return 'requires-confirmation';
  return null;
}
