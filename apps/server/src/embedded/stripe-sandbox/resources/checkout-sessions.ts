import { z } from 'zod';
import { discountsParam, itemParam, resolveItems } from '../billing-items';
import { expireIfDue, sendEvents, type SessionPurchase } from '../checkout-payment';
import { SandboxError, invalidParam } from '../sandbox-errors';
import { sandboxId, unixNow } from '../sandbox-ids';
import { expandParam, formBool, formInt, mergeMetadata, metadataParam, readParams } from '../sandbox-params';
import { listRoute } from '../sandbox-list';
import { hostedCheckoutPath } from '../sandbox-paths';
import type { SandboxContext, SandboxRoute } from '../sandbox-route';
import { getObject, insertObject, lockObject, replaceObject } from '../sandbox-store';

const sessionParams = z.strictObject({
  mode: z.enum(['subscription', 'payment', 'setup']),
  customer: z.string().min(1),
  client_reference_id: z.string().max(200).optional(),
  line_items: z.array(itemParam).min(1).max(20),
  discounts: discountsParam,
  subscription_data: z.strictObject({ metadata: metadataParam }).optional(),
  automatic_tax: z.strictObject({ enabled: formBool }).optional(),
  metadata: metadataParam,
  success_url: z.url(),
  cancel_url: z.url().optional(),
  expires_at: formInt.optional(),
  expand: expandParam,
});

/** The session's line items, Stripe's `item` shape (includable: only with expand[]=line_items). */
function lineItems(sessionId: string, resolved: Awaited<ReturnType<typeof resolveItems>>) {
  return {
    object: 'list',
    has_more: false,
    url: `/v1/checkout/sessions/${sessionId}/line_items`,
    data: resolved.items.map((item, index) => {
      const line = resolved.priced.lines[index]!;
      const tax = line.taxes.reduce((sum, entry) => sum + entry.amount, 0);
      return {
        id: sandboxId('li'),
        object: 'item',
        amount_discount: line.discount,
        amount_subtotal: line.amount,
        amount_tax: tax,
        amount_total: line.amount - line.discount + tax,
        currency: resolved.currency,
        description: item.price.nickname ?? null,
        price: item.price,
        quantity: item.quantity,
      };
    }),
  };
}

async function createSession(context: SandboxContext & { publicOrigin: string }, input: unknown) {
  const params = readParams(sessionParams, input);
  if (params.mode !== 'subscription') {
    throw invalidParam('mode', 'The sandbox sells subscriptions only: mode must be subscription.');
  }
  if (params.automatic_tax?.enabled) {
    throw invalidParam(
      'automatic_tax[enabled]',
      'The sandbox has no Stripe Tax: pass tax_rates on each line.',
    );
  }
  await getObject(context.db, 'customer', params.customer, 'customer');
  const resolved = await resolveItems(
    context.db,
    { items: params.line_items, discounts: params.discounts },
    'line_items',
  );
  const now = unixNow();
  const expiresAt = params.expires_at ?? now + 24 * 3600;
  if (expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600) {
    throw invalidParam(
      'expires_at',
      'The expires_at timestamp must be between 30 minutes and 24 hours from now.',
    );
  }
  const id = sandboxId('cs_test');
  const purchase: SessionPurchase = {
    _items: params.line_items,
    _discounts: params.discounts ?? [],
    _subscription_metadata: mergeMetadata({}, params.subscription_data?.metadata),
  };
  const session = await insertObject(context.db, {
    id,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'open',
    payment_status: 'unpaid',
    ui_mode: 'hosted',
    livemode: false,
    created: now,
    expires_at: expiresAt,
    customer: params.customer,
    customer_email: null,
    client_reference_id: params.client_reference_id ?? null,
    currency: resolved.currency,
    amount_subtotal: resolved.priced.subtotal,
    amount_total: resolved.priced.total,
    total_details: {
      amount_discount: resolved.priced.discount,
      amount_shipping: 0,
      amount_tax: resolved.priced.tax,
    },
    discounts: (params.discounts ?? []).map((discount) => ({
      coupon: discount.coupon,
      promotion_code: null,
    })),
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    metadata: mergeMetadata({}, params.metadata),
    success_url: params.success_url,
    cancel_url: params.cancel_url ?? null,
    url: `${context.publicOrigin}${hostedCheckoutPath(id)}`,
    subscription: null,
    invoice: null,
    payment_intent: null,
    line_items: lineItems(id, resolved),
    ...purchase,
    _authentication: null,
  });
  return session;
}

/**
 * checkout sessions (mode subscription): create with line items, one coupon and fixed tax rates;
 * retrieve; expire; list. Paying happens on the hosted page, as at Stripe.
 */
export function checkoutSessionRoutes(publicOrigin: string): SandboxRoute[] {
  return [
    {
      method: 'POST',
      path: '/checkout/sessions',
      handle: (context, request) => createSession({ ...context, publicOrigin }, request.input),
    },
    {
      method: 'GET',
      path: '/checkout/sessions/:id',
      async handle(context, request) {
        const { session, events } = await expireIfDue(
          context,
          await getObject(context.db, 'checkout.session', request.params.id!),
        );
        await sendEvents(context, events);
        return session;
      },
    },
    {
      method: 'POST',
      path: '/checkout/sessions/:id/expire',
      async handle(context, request) {
        readParams(z.strictObject({ expand: expandParam }), request.input);
        const expired = await context.db.transaction(async (tx) => {
          const session = await lockObject(tx, 'checkout.session', request.params.id!);
          if (!session) return getObject(tx, 'checkout.session', request.params.id!);
          if (session.status !== 'open') {
            throw new SandboxError(
              400,
              'invalid_request_error',
              'Only Checkout Sessions with a status in ["open"] can be expired.',
              'checkout_session_not_open',
            );
          }
          return replaceObject(tx, { ...session, status: 'expired', url: null });
        });
        await sendEvents(context, [['checkout.session.expired', expired]]);
        return expired;
      },
    },
    listRoute({
      path: '/checkout/sessions',
      object: 'checkout.session',
      filters: {
        customer: z.string().optional(),
        subscription: z.string().optional(),
        status: z.enum(['open', 'complete', 'expired']).optional(),
      },
    }),
  ];
}
