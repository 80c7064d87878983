import Stripe from 'stripe';

/**
 * The Stripe API version every call and every webhook endpoint is pinned to: the one this `stripe`
 * SDK is typed for, so the shapes we read are the shapes we get.
 */
export const STRIPE_API_VERSION = Stripe.API_VERSION;

/**
 * Where the payment sandbox (embedded/stripe-sandbox) answers when it runs in this process: the
 * client's side of the door, so the product sends there without loading the sandbox's code.
 */
export const SANDBOX_STRIPE_PREFIX = '/sandbox/stripe';

/**
 * Sends the SDK's requests to the sandbox in this process instead of api.stripe.com: same paths
 * under /sandbox/stripe, same headers and bodies, over real HTTP. The SDK has no base-path option,
 * but its HttpClient is public for exactly this (Stripe's own tests and stripe-mock do the same).
 */
class SandboxHttpClient extends Stripe.HttpClient {
  private readonly inner = Stripe.createFetchHttpClient();

  constructor(private readonly origin: () => string) {
    super();
  }

  override getClientName(): string {
    return 'mergeboard-sandbox';
  }

  override makeRequest(
    ...[, , path, method, headers, requestData, , timeout]: Parameters<Stripe.HttpClient['makeRequest']>
  ) {
    const url = new URL(this.origin());
    return this.inner.makeRequest(
      url.hostname,
      url.port,
      `${SANDBOX_STRIPE_PREFIX}${path}`,
      method,
      headers,
      requestData,
      url.protocol.replace(/:$/, ''),
      timeout,
    );
  }
}

/**
 * The one payments adapter: the official SDK, pointed at Stripe with a real key, or at the sandbox
 * (design/payments.md §1). Everything of ours that pays goes through what this returns.
 */
export function createStripe(options: {
  payments: { provider: 'stripe' | 'sandbox'; secretKey: string };
  /** Where this process listens, for the sandbox (it lives here). */
  sandboxOrigin: () => string;
}): Stripe {
  return new Stripe(options.payments.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    telemetry: false,
    ...(options.payments.provider === 'sandbox'
      ? { httpClient: new SandboxHttpClient(options.sandboxOrigin) }
      : {}),
  });
}
