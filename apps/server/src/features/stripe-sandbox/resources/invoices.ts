import { z } from 'zod';
import { discountsParam, itemParam, resolveItems } from '../billing-items';
import { invoiceDocument } from '../invoice-document';
import { periodEnd } from '../pricing';
import { invalidParam } from '../sandbox-errors';
import { customerNow } from '../sandbox-clock';
import { sandboxId } from '../sandbox-ids';
import { expandParam, readParams } from '../sandbox-params';
import { listRoute } from '../sandbox-list';
import type { SandboxRoute } from '../sandbox-route';
import { getObject } from '../sandbox-store';

const previewParams = z.strictObject({
  currency: z
    .string()
    .regex(/^[a-zA-Z]{3}$/)
    .transform((value) => value.toLowerCase())
    .optional(),
  customer: z.string().optional(),
  discounts: discountsParam,
  subscription_details: z.strictObject({ items: z.array(itemParam).min(1).max(20) }),
  expand: expandParam,
});

/**
 * invoices: `create_preview` for a new subscription (the same money rule as the charge, so a
 * preview matches it to the cent), retrieve, list.
 */
export const invoiceRoutes: SandboxRoute[] = [
  {
    method: 'POST',
    path: '/invoices/create_preview',
    async handle(context, request) {
      const params = readParams(previewParams, request.input);
      if (params.customer) await getObject(context.db, 'customer', params.customer, 'customer');
      const resolved = await resolveItems(
        context.db,
        { items: params.subscription_details.items, discounts: params.discounts },
        'subscription_details[items]',
      );
      if (params.currency && params.currency !== resolved.currency) {
        throw invalidParam('currency', `The prices are in ${resolved.currency}, not ${params.currency}.`);
      }
      const now = await customerNow(context.db, params.customer ?? null);
      const id = `upcoming_${sandboxId('in')}`;
      return invoiceDocument(resolved, {
        id,
        customer: params.customer ?? null,
        subscription: null,
        subscriptionItems: [],
        discount: resolved.coupon ? sandboxId('di') : null,
        periodStart: now,
        periodEnd: periodEnd(now, resolved.recurring.interval, resolved.recurring.interval_count),
        billingReason: 'upcoming',
        now,
        testClock: null,
      });
    },
  },
  {
    method: 'GET',
    path: '/invoices/:id',
    handle: (context, request) => getObject(context.db, 'invoice', request.params.id!),
  },
  listRoute({
    path: '/invoices',
    object: 'invoice',
    filters: {
      customer: z.string().optional(),
      subscription: z.string().optional(),
      status: z.enum(['draft', 'open', 'paid', 'uncollectible', 'void']).optional(),
    },
    match: ({ subscription, ...equal }) => ({
      contains: {
        ...equal,
        ...(subscription ? { parent: { subscription_details: { subscription } } } : {}),
      },
    }),
  }),
];
