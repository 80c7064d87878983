import { errorBody, errorBodySchema } from '@mergeboard/core';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { recordProviderEvent } from './payment-events-queries';

/** The customer an event is about, whatever kind of object it carries. */
function customerOf(event: Stripe.Event): string | null {
  const object = event.data.object as {
    object?: string;
    id?: string;
    customer?: string | { id: string } | null;
  };
  if (object.object === 'customer') return object.id ?? null;
  const customer = object.customer;
  if (!customer) return null;
  return typeof customer === 'string' ? customer : customer.id;
}

export const STRIPE_WEBHOOK_PATH = '/api/v1/webhooks/stripe';

/** The events a Stripe webhook endpoint must send us: each names a customer whose billing changed. */
export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.expired',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_action_required',
] as const;

/** Stripe's events are small; this is far above any of them and far below a flood. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * Where Stripe (or the sandbox) posts its events. Outside the route table: its caller proves who
 * it is by signing the raw body, so the body is read as bytes (a parser scoped to this route) and
 * checked with the SDK's own `webhooks.constructEvent` before anything is parsed or written. A bad,
 * missing or stale signature (over 300 s) answers 400 and writes nothing. A good one is recorded
 * once per event id: Stripe delivers some events twice, and a second delivery answers 200 and
 * changes nothing. A new event only says "this customer changed": the sync re-reads the customer
 * (features/billing), so events arriving twice or out of order are never trusted beyond that.
 */
export async function registerStripeWebhook(
  app: FastifyInstance,
  options: {
    database: Database;
    stripe: Stripe;
    webhookSecret: string;
    /** A customer's billing changed: called once per new event (never for a duplicate). */
    onCustomerEvent: (customerId: string) => Promise<void>;
  },
): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_r, body, done) =>
      done(null, body),
    );
    scope.post(
      STRIPE_WEBHOOK_PATH,
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          summary: 'Payment events from Stripe (or the built-in sandbox), verified by their Stripe-Signature',
          tags: ['payments'],
          operationId: 'receiveStripeWebhook',
          headers: z.object({ 'stripe-signature': z.string().optional() }),
          response: {
            200: z
              .object({ received: z.literal(true), duplicate: z.boolean() })
              .describe('The event is recorded (duplicate: it already was)'),
            400: errorBodySchema.describe(
              'webhook_signature_invalid: the signature does not match the body, or is too old',
            ),
          },
        },
      },
      async (request, reply) => {
        let event: Stripe.Event;
        try {
          event = options.stripe.webhooks.constructEvent(
            request.body as Buffer,
            request.headers['stripe-signature'] ?? '',
            options.webhookSecret,
          );
        } catch {
          return reply
            .status(400)
            .send(
              errorBody(
                'webhook_signature_invalid',
                'The Stripe-Signature header does not match this body under our webhook secret, or is too old.',
              ),
            );
        }
        const recorded = await recordProviderEvent(options.database.db, {
          provider: 'stripe',
          eventId: event.id,
          type: event.type,
          payload: event,
        });
        const customerId = customerOf(event);
        if (recorded && customerId) await options.onCustomerEvent(customerId);
        return reply.send({ received: true, duplicate: !recorded });
      },
    );
  });
}
