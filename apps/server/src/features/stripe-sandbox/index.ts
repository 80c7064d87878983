export { registerStripeSandbox, SANDBOX_STRIPE_PREFIX } from './sandbox-plugin';
export { stripeSignature } from './sandbox-events';
