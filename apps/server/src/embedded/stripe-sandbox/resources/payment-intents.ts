import type { SandboxRoute } from '../sandbox-route';
import { getObject } from '../sandbox-store';

/** payment intents: made by the charges of invoices; retrieve only. */
export const paymentIntentRoutes: SandboxRoute[] = [
  {
    method: 'GET',
    path: '/payment_intents/:id',
    handle: (context, request) => getObject(context.db, 'payment_intent', request.params.id!),
  },
  {
    method: 'GET',
    path: '/payment_methods/:id',
    handle: (context, request) => getObject(context.db, 'payment_method', request.params.id!),
  },
];
