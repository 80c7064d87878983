import type { Db } from '../db/client';
import { analyticsEvents } from '../db/schema';

/**
 * EVT-008: every CSV export is logged as csv_export when it starts, whichever list it is.
 * `workspaceId` is the space the route checked the caller into, recorded as the event's space;
 * `filters` (e.g. a list's space filter, which no gate checked) go in the payload only, so a
 * caller-supplied id is never trusted as a reference to a space.
 */
export async function recordCsvExport(
  db: Db,
  event: { userId: string; list: string; workspaceId?: string; filters?: Record<string, unknown> },
): Promise<void> {
  await db.insert(analyticsEvents).values({
    eventType: 'csv_export',
    userId: event.userId,
    ...(event.workspaceId ? { workspaceId: event.workspaceId } : {}),
    payload: { list: event.list, ...event.filters },
  });
}
