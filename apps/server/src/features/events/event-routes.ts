import { recordEvents } from '@mergeboard/core';
import { analyticsEvents } from '../../db/schema';
import { defineRoute } from '../../http/route';
import { authenticate, readBearer } from '../../access/authenticate';

export const eventRoutes = [
  defineRoute({
    contract: recordEvents,
    // Failed sign-ins are logged before anyone is signed in (EVT-005).
    access: { kind: 'public' },
    rateLimit: { max: 120, timeWindow: '1 minute' },
    handler: async ({ body, context, request }) => {
      const bearer = readBearer(request);
      const auth = bearer
        ? await authenticate(context.database.db, context.tokens, bearer).catch(() => null)
        : null;
      await context.database.db.insert(analyticsEvents).values(
        body.events.map((event) => ({
          eventType: event.eventType,
          userId: auth?.user?.id ?? null,
          // Kept in the payload: a caller-supplied id is not trusted as a reference to a space.
          payload: {
            ...event.payload,
            appVersion: body.appVersion,
            ...(event.workspaceId ? { workspaceId: event.workspaceId } : {}),
          },
        })),
      );
      return { accepted: body.events.length };
    },
  }),
];
