import { z } from 'zod';
import { listRoute } from '../sandbox-list';
import type { SandboxRoute } from '../sandbox-route';
import { getObject } from '../sandbox-store';

/** events: what the sandbox sent to the webhook, newest first, as Stripe lists them. */
export const eventRoutes: SandboxRoute[] = [
  {
    method: 'GET',
    path: '/events/:id',
    handle: (context, request) => getObject(context.db, 'event', request.params.id!),
  },
  listRoute({ path: '/events', object: 'event', filters: { type: z.string().optional() } }),
];
