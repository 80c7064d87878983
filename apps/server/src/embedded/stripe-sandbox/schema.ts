import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/schema/columns';

/**
 * The payment sandbox's own state (embedded/stripe-sandbox): Stripe objects as Stripe shapes
 * them, one JSON document each, keyed by their Stripe-style id. Nothing of ours reads these
 * tables; our side reaches the sandbox only through the `stripe` SDK, as it reaches Stripe.
 */
export const sandboxStripeObjects = pgTable(
  'sandbox_stripe_objects',
  {
    id: text('id').primaryKey(),
    /** Stripe's `object` field: customer, tax_id, product, price, coupon, event. */
    object: text('object').notNull(),
    data: jsonb('data').notNull().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_stripe_objects_object_idx').on(t.object, t.createdAt)],
);

/** Answers to POSTs sent with an Idempotency-Key, replayed when the same key comes again. */
export const sandboxStripeRequests = pgTable('sandbox_stripe_requests', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  /** The method, path and body the key was first used with: another request under it is refused. */
  requestHash: text('request_hash').notNull(),
  statusCode: integer('status_code').notNull(),
  body: jsonb('body').notNull(),
  createdAt: createdAt(),
});
