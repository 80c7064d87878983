export { registerStripeSandbox } from './sandbox-plugin';
export { stripeSignature } from './sandbox-events';
