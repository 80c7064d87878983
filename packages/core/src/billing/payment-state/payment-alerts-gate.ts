import type { Role, WorkspacePlan } from '../../constants/domain';
import type { PaymentAlertKind } from './payment-alerts';

// Apart from payment-alerts.ts: the shell imports these, and every module it imports loads with
// every page.

/**
 * The spec describes two variants of the billing warnings (000 §4). We pair them with the two
 * billing models, as the sidebar's Billing item is (SHELL-005 in the older model, SHELL-006 in the
 * per-seat one): the per-seat model's billing is the owner's alone (PERM-004 PERM-005), so its
 * warnings are the second variant's (OWNER only, not closable while the condition holds); the
 * older model's are the first variant's (ADMIN or OWNER, each dismissible, ALERT-010).
 */
export type BillingWarningVariant = 'first' | 'second';
export const billingWarningVariant = (isPerSeat: boolean): BillingWarningVariant =>
  isPerSeat ? 'second' : 'first';

/** ALERT-013 (first variant): ADMIN or OWNER; ALERT-014 (second variant): OWNER only. */
export const seesBillingWarnings = (role: Role, variant: BillingWarningVariant) =>
  variant === 'second' ? role === 'OWNER' : role === 'ADMIN' || role === 'OWNER';

/**
 * ALERT-012: in the second variant the failed and requires-confirmation warnings cannot be closed
 * while the condition holds (they leave once the invoice is paid); the canceled one always can.
 */
export const canCloseBillingWarning = (kind: PaymentAlertKind, variant: BillingWarningVariant) =>
  variant === 'first' || kind === 'subscription-canceled';

/**
 * Whether the shell loads the payment alerts at all: a manager who sees the warnings and may open
 * the space's billing (PERM-010: the warnings lead to billing actions), of a space that pays, or
 * of any space on its billing page, where a canceled subscription is told (BILL-025). Nobody else
 * asks for the subscriptions (BILL-021).
 */
export const loadsPaymentAlerts = (
  space: { userRole: Role; workspacePlan: WorkspacePlan },
  {
    onBilling,
    billingAccess,
    variant,
  }: { onBilling: boolean; billingAccess: boolean; variant: BillingWarningVariant },
) =>
  seesBillingWarnings(space.userRole, variant) &&
  billingAccess &&
  (space.workspacePlan !== 'FREE' || onBilling);
