/**
 * Billing: what a space pays for, and the rules and contracts both apps share about it.
 *
 * Words billing uses:
 * - space plan (workspacePlan): FREE, PRO, PREMIUM or LEGACY: what the space as a whole has bought.
 * - user plan (userPlan): FREE, PRO or PRO_PERSONAL (PRO for a personal e-mail address): what one member is paid as.
 * - payment plan: one price at the payment provider (a user plan, interval and currency) with its graduated tiers.
 * - per-seat space (isPerSeat): billed by the seat through the seat flow; other spaces use the older per-plan flow.
 * - seat: one paid place in a per-seat subscription: totalSeats are paid for, assignedSeats held, availableSeats free.
 * - paid user (paid seat): a member on a paid user plan; the paid-user selection picks who stays paid after a change.
 * - subscription: a space's standing order with the billing service (Stripe, PayPal, support-given or offline).
 * - checkout: the steps that buy a plan or seats, ending in the payment provider's hosted checkout session;
 *   the checkout return is the billing page's query on the way back from it.
 * - cycle change: switching the billing interval (MONTHLY, YEARLY), which waits for the period end.
 * - proration: the share of a period's price charged for a change made mid-period, at the preview's prorationDate.
 * - seat removal (scheduled downgrade): unused seats dropped at the next renewal, cancellable until then.
 * - renewal: the subscription charging itself again at the period end (autoRenew); stop renewal: a PayPal
 *   license's holder turning that off on a public page.
 * - payment state: what the latest invoice says (PAID, PAYMENT_FAILED, REQUIRES_CONFIRMATION, PENDING);
 *   payment alerts are the warnings it raises.
 * - portal: the payment provider's customer portal (Stripe only): card, invoices, cancelling at period end.
 * - wrong plan: a pricing plan meant for the other account type (STANDARD or BUSINESS) than the buyer's.
 */
export * from './subscriptions/subscription-contracts';
export * from './subscriptions/subscription-update-contracts';
export * from './subscriptions/subscription-display';
export * from './subscriptions/subscription-actions';
export * from './plans/price-rules';
export * from './plans/countries';
export * from './plans/plan-eligibility';
export * from './payment-state/payment-state';
export * from './payment-state/payment-state-contracts';
export * from './payment-state/payment-alerts';
export * from './payment-state/payment-alerts-gate';
export * from './checkout/checkout-contracts';
export * from './checkout/checkout-form';
export * from './checkout/checkout-return';
export * from './checkout/checkout-errors';
export * from './checkout/flow-types';
export * from './checkout/seat-spinner';
export * from './checkout/checkout-storage';
export * from './checkout/checkout-summary';
export * from './checkout/checkout-requests';
export * from './checkout/session-failure';
export * from './checkout/cycle-change';
export * from './checkout/paid-user-selection';
export * from './seats/seat-contracts';
export * from './seats/seat-changes';
export * from './seats/seat-page-redirect';
export * from './seats/seat-change-failure';
export * from './renewal/renewal-contracts';
