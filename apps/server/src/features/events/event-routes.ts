import { recordEvents } from '@mergeboard/core';
import { defineRoute } from '../../http/route';
import { authenticate, readBearer } from '../../access/authenticate';
import { recordClientEvents } from './event-service';

export const eventRoutes = [
  defineRoute({
    contract: recordEvents,
    // Failed sign-ins are logged before anyone is signed in (EVT-005).
    access: { kind: 'public' },
    rateLimit: { max: 120, timeWindow: '1 minute' },
    handler: async ({ body, context, request }) => {
      // A bearer that does not sign anyone in still gets its events recorded, without a user.
      const bearer = readBearer(request);
      const auth = bearer
        ? await authenticate(context.database.db, context.tokens, bearer).catch(() => null)
        : null;
      return recordClientEvents(context.database.db, { userId: auth?.user?.id ?? null, batch: body });
    },
  }),
];
