import { describe, expect, it } from 'vitest';
import {
  liveInvoiceAlert,
  PAYMENT_ALERT_KINDS,
  PAYMENT_ALERT_TEXTS,
  paymentAlertKey,
  paymentAlertSubject,
  UNKNOWN_END_DATE,
} from './payment-alerts';
import {
  billingWarningVariant,
  canCloseBillingWarning,
  loadsPaymentAlerts,
  seesBillingWarnings,
} from './payment-alerts-gate';
import { canManageBilling } from '../subscriptions/subscription-actions';
import { subscription } from '../../testing/subscription-test-kit';

const unpaid = (status: string | null) => ({
  country: null,
  companyName: null,
  couponId: null,
  couponDuration: null,
  couponPercentOff: null,
  latestInvoice: { paid: false, hostedInvoiceUrl: null, paymentIntent: { status } },
  upcomingInvoice: null,
});

describe('payment alerts', () => {
  it('ALERT-010 keys an alert by its kind and the subscription id', () => {
    expect(paymentAlertKey('payment-failed', 'sub-1')).toBe('payment-failed:sub-1');
    expect(paymentAlertKey('requires-confirmation', 'sub-1')).toBe('requires-confirmation:sub-1');
    expect(paymentAlertKey('subscription-canceled', 'sub-2')).toBe('subscription-canceled:sub-2');
  });

  it('ALERT-013 ALERT-014 the first variant (older model): ADMIN and OWNER see the billing warnings; the second (per-seat): OWNER only', () => {
    expect(billingWarningVariant(false)).toBe('first');
    expect(billingWarningVariant(true)).toBe('second');
    expect(seesBillingWarnings('OWNER', 'first')).toBe(true);
    expect(seesBillingWarnings('ADMIN', 'first')).toBe(true);
    expect(seesBillingWarnings('MEMBER', 'first')).toBe(false);
    expect(seesBillingWarnings('OWNER', 'second')).toBe(true);
    expect(seesBillingWarnings('ADMIN', 'second')).toBe(false);
    expect(seesBillingWarnings('MEMBER', 'second')).toBe(false);
  });

  it('ALERT-010 ALERT-012 every warning is dismissible in the first variant; in the second only the canceled one', () => {
    for (const kind of PAYMENT_ALERT_KINDS) expect(canCloseBillingWarning(kind, 'first')).toBe(true);
    expect(canCloseBillingWarning('payment-failed', 'second')).toBe(false);
    expect(canCloseBillingWarning('requires-confirmation', 'second')).toBe(false);
    expect(canCloseBillingWarning('subscription-canceled', 'second')).toBe(true);
  });

  it('BILL-021 PERM-010 the shell loads them for managers with billing access of a paying space, or on the billing page', () => {
    const away = { onBilling: false, billingAccess: true, variant: 'first' as const };
    expect(loadsPaymentAlerts({ userRole: 'ADMIN', workspacePlan: 'PRO' }, away)).toBe(true);
    expect(
      loadsPaymentAlerts({ userRole: 'ADMIN', workspacePlan: 'PRO' }, { ...away, variant: 'second' }),
    ).toBe(false);
    expect(
      loadsPaymentAlerts({ userRole: 'ADMIN', workspacePlan: 'PRO' }, { ...away, billingAccess: false }),
    ).toBe(false);
    expect(loadsPaymentAlerts({ userRole: 'OWNER', workspacePlan: 'FREE' }, away)).toBe(false);
    expect(
      loadsPaymentAlerts({ userRole: 'OWNER', workspacePlan: 'FREE' }, { ...away, onBilling: true }),
    ).toBe(true);
    expect(
      loadsPaymentAlerts({ userRole: 'MEMBER', workspacePlan: 'PREMIUM' }, { ...away, onBilling: true }),
    ).toBe(false);
  });

  it('BILL-018 BILL-019 BILL-020 a live invoice failed, waiting for confirmation or paid', () => {
    expect(liveInvoiceAlert('PAYMENT_FAILED')).toBe('payment-failed');
    expect(liveInvoiceAlert('REQUIRES_CONFIRMATION')).toBe('requires-confirmation');
    expect(liveInvoiceAlert('PAID')).toBeNull();
    expect(liveInvoiceAlert('PENDING')).toBeNull();
  });

  it('BILL-017 BILL-025 a live Stripe subscription is checked by its invoice; all CANCELED on an unpaid invoice is the canceled alert', () => {
    const live = subscription();
    expect(paymentAlertSubject([live])).toEqual({ kind: 'live', subscription: live });
    expect(paymentAlertSubject([subscription({ paymentSource: 'SUPPORT' })])).toBeNull();
    const canceled = subscription({
      subscriptionStatus: 'CANCELED',
      additionalStripeInfo: unpaid('requires_payment_method'),
    });
    expect(paymentAlertSubject([canceled])).toEqual({ kind: 'canceled', subscription: canceled });
    const paidOff = subscription({
      subscriptionStatus: 'CANCELED',
      additionalStripeInfo: {
        ...unpaid('succeeded'),
        latestInvoice: { paid: true, hostedInvoiceUrl: null, paymentIntent: { status: 'succeeded' } },
      },
    });
    expect(paymentAlertSubject([paidOff])).toBeNull();
    expect(paymentAlertSubject([])).toBeNull();
  });

  it('BILL-022 BILL-023 BILL-024 BILL-025 the banners’ titles, links and an unknown end date', () => {
    expect(PAYMENT_ALERT_TEXTS['payment-failed'].title).toBe('Your last payment attempt failed');
    expect(PAYMENT_ALERT_TEXTS['payment-failed'].link).toBe('Update your payment preferences');
    expect(PAYMENT_ALERT_TEXTS['requires-confirmation'].title).toBe(
      'Your last payment attempt requires confirmation',
    );
    expect(PAYMENT_ALERT_TEXTS['requires-confirmation'].link).toBe('Confirm your payment');
    expect(PAYMENT_ALERT_TEXTS['subscription-canceled'].title).toBe('All payment attempts failed');
    expect(PAYMENT_ALERT_TEXTS['payment-failed'].message(UNKNOWN_END_DATE)).toBe(
      'Your subscription is still active but will be suspended on -- unless a successful payment is made.',
    );
  });
});

describe('Manage billing', () => {
  it('BILL-033 PERM-020 shows for a live Stripe subscription only: not SUPPORT, OFFLINE, LEGACY or canceled', () => {
    expect(canManageBilling(subscription(), 'PRO')).toBe(true);
    expect(canManageBilling(subscription({ paymentSource: 'SUPPORT' }), 'PRO')).toBe(false);
    expect(canManageBilling(subscription({ paymentSource: 'OFFLINE' }), 'PRO')).toBe(false);
    expect(canManageBilling(subscription({ workspacePlan: 'LEGACY' }), 'LEGACY')).toBe(false);
    expect(canManageBilling(subscription(), 'LEGACY')).toBe(false);
    expect(canManageBilling(subscription({ subscriptionStatus: 'CANCELED' }), 'PRO')).toBe(false);
    expect(canManageBilling(null, 'PRO')).toBe(false);
  });
});
