import type Stripe from 'stripe';
import type { Config } from '../../../config/config';
import { createStripe } from './stripe-client';

/** The payments adapter of one process: the SDK, and where it finds the sandbox. */
export interface Payments {
  stripe: Stripe;
  provider: Config['payments']['provider'];
  /** The HTTP server of this process is up at `origin`: the sandbox answers there. */
  listeningAt(origin: string): void;
}

/**
 * Created once per process, before the queue, so jobs and requests share it. Until this process
 * listens (or when it never does, as a worker), the sandbox is reached where people reach the web
 * process: PUBLIC_URL.
 */
export function createPayments(config: Config): Payments {
  let origin = config.publicUrl;
  return {
    stripe: createStripe({ payments: config.payments, sandboxOrigin: () => origin }),
    provider: config.payments.provider,
    listeningAt: (at) => {
      origin = at;
    },
  };
}
