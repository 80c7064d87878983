import type { Role, WorkspacePlan } from '../constants/domain';

// Apart from payment-alerts.ts: the shell imports these two, and every module it imports loads
// with every page.

/**
 * ALERT-013: we implement the first variant of the billing warnings, as the legacy alert does
 * (ALERT-004, 'Learn more'): they show to ADMIN or OWNER and each can be dismissed (ALERT-010),
 * not the second variant's OWNER-only warnings that cannot be closed (ALERT-012, ALERT-014).
 */
export const seesBillingWarnings = (role: Role) => role === 'ADMIN' || role === 'OWNER';

/**
 * Whether the shell loads the payment alerts at all: a manager who may open the space's billing
 * (the per-seat model gives it to the OWNER only, PERM-010: the warnings lead to billing actions)
 * of a space that pays, or of any space on its billing page, where a canceled subscription is
 * told (BILL-025). Nobody else asks for the subscriptions (BILL-021).
 */
export const loadsPaymentAlerts = (
  space: { userRole: Role; workspacePlan: WorkspacePlan },
  { onBilling, billingAccess }: { onBilling: boolean; billingAccess: boolean },
) => seesBillingWarnings(space.userRole) && billingAccess && (space.workspacePlan !== 'FREE' || onBilling);
