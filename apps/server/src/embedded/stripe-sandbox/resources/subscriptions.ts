import { z } from 'zod';
import { listRoute } from '../sandbox-list';
import type { SandboxRoute } from '../sandbox-route';
import { getObject } from '../sandbox-store';
import { updateSubscription } from '../subscription-updates';

/** Without a status filter Stripe lists every subscription that is not canceled. */
const NOT_CANCELED = ['active', 'past_due', 'unpaid', 'trialing', 'incomplete', 'paused'];

/**
 * subscriptions: created by a paid checkout; retrieve, list (expand discounts, latest_invoice, …)
 * and update (seats now with prorations, pending updates, cancel at period end).
 */
export const subscriptionRoutes = (publicOrigin: string): SandboxRoute[] => [
  {
    method: 'GET',
    path: '/subscriptions/:id',
    handle: (context, request) => getObject(context.db, 'subscription', request.params.id!),
  },
  {
    method: 'POST',
    path: '/subscriptions/:id',
    handle: (context, request) =>
      updateSubscription({ ...context, publicOrigin }, request.params.id!, request.input),
  },
  listRoute({
    path: '/subscriptions',
    object: 'subscription',
    filters: {
      customer: z.string().optional(),
      price: z.string().optional(),
      test_clock: z.string().optional(),
      status: z
        .enum([
          'active',
          'past_due',
          'unpaid',
          'trialing',
          'incomplete',
          'incomplete_expired',
          'paused',
          'canceled',
          'ended',
          'all',
        ])
        .optional(),
    },
    match: ({ status, price, ...equal }) => ({
      contains: {
        ...equal,
        ...(price ? { items: { data: [{ price: { id: price } }] } } : {}),
        ...(status && status !== 'all' && status !== 'ended' ? { status } : {}),
      },
      ...(status === undefined ? { anyOf: { field: 'status', values: NOT_CANCELED } } : {}),
      ...(status === 'ended'
        ? { anyOf: { field: 'status', values: ['canceled', 'incomplete_expired'] } }
        : {}),
    }),
  }),
];
