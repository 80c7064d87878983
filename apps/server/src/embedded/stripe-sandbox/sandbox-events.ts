import { createHmac } from 'node:crypto';
import type { Db } from '../../db/client';
import { sandboxId, unixNow } from './sandbox-ids';
import { publicView } from './sandbox-render';
import { insertObject, type StripeObject } from './sandbox-store';

/**
 * The `Stripe-Signature` header Stripe sends with a webhook: `t=<unix seconds>,v1=<hex>`, the hex
 * an HMAC-SHA256 keyed with the whole `whsec_…` secret over `<t>.<raw body>`. The SDK's
 * `webhooks.constructEvent` checks exactly this.
 */
export function stripeSignature(secret: string, payload: string, timestamp = unixNow()): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

/** After a failed delivery the next try waits this long, doubling, until the tries run out. */
const RETRY_MS = [1_000, 5_000, 30_000];

interface EventLog {
  emit(type: string, object: StripeObject, previousAttributes?: Record<string, unknown>): Promise<void>;
  /** Stops retrying deliveries (the server is closing). */
  close(): void;
}

/**
 * Records each event as Stripe does (`evt_…`, the object as it now is, what changed) and delivers
 * it signed to the webhook endpoint, once the request that caused it has answered, retrying a
 * failed delivery a few times as Stripe does (it goes on for days; the sandbox gives up sooner).
 */
export function eventLog(options: {
  db: Db;
  apiVersion: string;
  webhook: { url: () => string; secret: string };
  fetch?: typeof fetch;
}): EventLog {
  const send = options.fetch ?? fetch;
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  const later = (ms: number, run: () => void) => {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };

  const deliver = (payload: string, attempt: number) => {
    later(attempt === 0 ? 0 : RETRY_MS[attempt - 1]!, () => {
      send(options.webhook.url(), {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': stripeSignature(options.webhook.secret, payload),
        },
        body: payload,
      }).then(
        (response) => {
          if (!response.ok && attempt < RETRY_MS.length) deliver(payload, attempt + 1);
        },
        () => {
          if (attempt < RETRY_MS.length) deliver(payload, attempt + 1);
        },
      );
    });
  };

  return {
    async emit(type, object, previousAttributes) {
      const event = await insertObject(options.db, {
        id: sandboxId('evt'),
        object: 'event',
        api_version: options.apiVersion,
        created: unixNow(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: {
          object: publicView(object, []),
          ...(previousAttributes ? { previous_attributes: previousAttributes } : {}),
        },
      });
      deliver(JSON.stringify(event), 0);
    },
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
