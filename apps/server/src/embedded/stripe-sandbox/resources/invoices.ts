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
import type { SandboxContext } from '../sandbox-route';
import { currentPeriod, subscriptionItems, type ItemInput } from '../billing-items';
import { formInt } from '../sandbox-params';
import {
  applyItemChanges,
  checkProrationDate,
  itemChangeParam,
  prorationBehaviorParam,
  prorationLines,
  subscriptionInvoice,
} from '../subscription-changes';
import { upcomingRenewal } from '../renewals';
import { payInvoice, voidInvoice } from '../invoice-payments';

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

const changePreviewParams = z.strictObject({
  customer: z.string().optional(),
  subscription: z.string().min(1),
  subscription_details: z
    .strictObject({
      items: z.array(itemChangeParam).max(20).optional(),
      proration_behavior: prorationBehaviorParam.optional(),
      proration_date: formInt.optional(),
    })
    .optional(),
  expand: expandParam,
});

/** The invoice a new subscription of these items would start with. */
async function previewNewSubscription(context: SandboxContext, input: unknown) {
  const params = readParams(previewParams, input);
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
}

/**
 * The invoice a change to an existing subscription would make, built as the update builds it
 * (subscription-changes.ts), so the two agree to the cent for the same proration_date: with
 * always_invoice the prorations invoiced at once; otherwise the next renewal with the new items
 * (and the prorations, with create_prorations). Without a change, the next renewal as it stands.
 */
async function previewSubscriptionChange(context: SandboxContext, input: unknown) {
  const params = readParams(changePreviewParams, input);
  const subscription = await getObject(context.db, 'subscription', params.subscription, 'subscription');
  if (params.customer && params.customer !== subscription.customer) {
    throw invalidParam(
      'subscription',
      `The subscription does not belong to the customer '${params.customer}'.`,
    );
  }
  const details = params.subscription_details ?? {};
  const now = await customerNow(context.db, subscription.customer as string);
  const period = currentPeriod(subscription);
  if (details.proration_date !== undefined) checkProrationDate(details.proration_date, period);
  const before = subscriptionItems(subscription);
  const change = details.items
    ? await applyItemChanges(context.db, subscription, details.items, 'subscription_details[items]')
    : { items: before, changed: [], deleted: [] };
  const lines = prorationLines(before, change, details.proration_date ?? now, period);
  const behavior = details.proration_behavior ?? 'create_prorations';
  const id = `upcoming_${sandboxId('in')}`;
  if (behavior === 'always_invoice' && lines.length > 0) {
    return subscriptionInvoice(context.db, subscription, {
      id,
      lines,
      billingReason: 'subscription_update',
      periodStart: now,
      periodEnd: now,
      now,
    });
  }
  return upcomingRenewal(
    context.db,
    {
      ...subscription,
      items: { ...(subscription.items as object), data: change.items },
      _pending_prorations: [
        ...((subscription._pending_prorations as ItemInput[] | undefined) ?? []),
        ...(behavior === 'create_prorations' ? lines : []),
      ],
    },
    id,
  );
}

/**
 * invoices: `create_preview` for a new subscription or a change to one (the same money rule as the
 * charge, so a preview matches it to the cent), retrieve, list, pay.
 */
export const invoiceRoutes: SandboxRoute[] = [
  {
    method: 'POST',
    path: '/invoices/create_preview',
    handle: (context, request) =>
      (request.input as { subscription?: unknown } | null)?.subscription === undefined
        ? previewNewSubscription(context, request.input)
        : previewSubscriptionChange(context, request.input),
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
  {
    method: 'POST',
    path: '/invoices/:id/pay',
    handle: (context, request) => payInvoice(context, request.params.id!, request.input),
  },
  {
    method: 'POST',
    path: '/invoices/:id/void',
    handle: (context, request) => voidInvoice(context, request.params.id!, request.input),
  },
];
