import type { Db } from '../../db/client';
import { analyticsEvents } from '../../db/schema';

export async function insertAnalyticsEvents(db: Db, events: (typeof analyticsEvents.$inferInsert)[]) {
  await db.insert(analyticsEvents).values(events);
}
