/**
 * Billing: the one home of what a space pays for, and the only door other features and app/ use.
 *
 * The words billing uses, as the code means them:
 * - plan: the space's workspace plan (FREE, PRO, PREMIUM, LEGACY), or a member's user plan (FREE,
 *   PRO, PRO_PERSONAL); a payment plan is one price we sell (payment_plans, with its tiers).
 * - catalogue: the products, prices and coupons at the payment provider, and our payment_plans
 *   rows that name them (catalogue/); set up once, idempotent by lookup key.
 * - subscription: what a space pays for (subscriptions), bought through Stripe or set up otherwise
 *   (PAYPAL, SUPPORT, OFFLINE, OTHER); its seat plans (subscription_payment_plans) hold
 *   totalSeats and assignedSeats.
 * - seat: one place a per-seat subscription pays for; paid seat / paid user: a member whose user
 *   plan is not FREE (isPaid) and who holds a seat; a free member holds none.
 * - checkout: buying a plan for a FREE space on the provider's hosted checkout page (checkout/),
 *   made ours by the sync on return and by the webhook.
 * - proration: seats bought now are charged for the rest of the period at the proration date of
 *   the price preview the person saw, never at a date the client picks (seats/proration-date.ts).
 * - seat removal = scheduled downgrade: fewer seats, or paid members made free, from the next
 *   period on, held in the subscription schedule's next phase until the renewal (seats/).
 * - cycle change: yearly ⇄ monthly at the end of the current period, also through the schedule.
 * - renewal: the subscription's next period and its charge; stop renewal: the owner of a PayPal
 *   license turns its automatic renewal off (renewal/).
 * - payment state: the latest invoice read live from the provider: PAID, PAYMENT_FAILED,
 *   REQUIRES_CONFIRMATION or PENDING (payment-state/).
 * - portal: the provider's customer portal page (card, cancel), returning into this app only.
 * - sync: re-reads the provider's truth for one customer and writes our rows in one transaction,
 *   idempotent and order-independent (sync/); run by the webhook's job and on checkout return.
 * - payments: the Stripe SDK adapter of one process (Stripe, or the sandbox), its webhook
 *   endpoint and the provider events it records once (payments/).
 * - change lease: one change at a time per subscription, across processes (subscription-change/).
 * - drift: a live Stripe subscription whose seats paid at the provider fall below the seats
 *   assigned, or differ from the seats our rows recorded; a daily job reports it (drift/).
 */
export { billingRoutes } from './billing-routes';
export { listPricePlanShape, setUpCatalogue, type CatalogueResult } from './catalogue/catalogue';
export { syncBillingCustomer } from './sync/billing-sync';
export { SYNC_BILLING_CUSTOMER_JOB, syncBillingCustomerJob } from './sync/sync-job';
export { resolvePurchase, type ResolvedPurchase } from './checkout/checkout-plans';
export { discountsOf, subscriptionItemsOf } from './checkout/price-preview';
export { seatDriftJob } from './drift/seat-drift-job';
export { createPayments, type Payments } from './payments/payments';
export { SANDBOX_STRIPE_PREFIX, STRIPE_API_VERSION } from './payments/stripe-client';
export { registerStripeWebhook, STRIPE_WEBHOOK_EVENTS, STRIPE_WEBHOOK_PATH } from './payments/stripe-webhook';
export { renewalRoutes } from './renewal/renewal-routes';
