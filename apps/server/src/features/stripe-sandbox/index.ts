export { registerStripeSandbox } from './sandbox-plugin';
export { SANDBOX_STRIPE_PREFIX } from './sandbox-paths';
export { stripeSignature } from './sandbox-events';
