export { createStripe, STRIPE_API_VERSION } from './stripe-client';
export { registerStripeWebhook, STRIPE_WEBHOOK_EVENTS, STRIPE_WEBHOOK_PATH } from './stripe-webhook';
export { createPayments, type Payments } from './payments';
