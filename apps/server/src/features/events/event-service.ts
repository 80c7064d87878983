import type { recordEvents } from '@mergeboard/core';
import type { Db } from '../../db/client';
import type { HandlerInput } from '../../http/route';
import { insertAnalyticsEvents } from './event-queries';

type ClientEvents = HandlerInput<typeof recordEvents>['body'];

/** EVT-001 / EVT-007: the web app's events, kept as they came, for the signed-in user if any. */
export async function recordClientEvents(
  db: Db,
  options: { userId: string | null; batch: ClientEvents },
): Promise<{ accepted: number }> {
  const { batch } = options;
  await insertAnalyticsEvents(
    db,
    batch.events.map((event) => ({
      eventType: event.eventType,
      userId: options.userId,
      // Kept in the payload: a caller-supplied id is not trusted as a reference to a space.
      payload: {
        ...event.payload,
        appVersion: batch.appVersion,
        ...(event.workspaceId ? { workspaceId: event.workspaceId } : {}),
      },
    })),
  );
  return { accepted: batch.events.length };
}
