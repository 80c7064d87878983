export { createStripe, SANDBOX_STRIPE_PREFIX, STRIPE_API_VERSION } from './stripe-client';
export { registerStripeWebhook, STRIPE_WEBHOOK_EVENTS, STRIPE_WEBHOOK_PATH } from './stripe-webhook';
export { createPayments, type Payments } from './payments';
