import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailMessages } from '../../db/schema';

/** The newest messages of the outbox, newest first. */
export function latestMessages(db: Db, limit: number) {
  return db.select().from(mailMessages).orderBy(desc(mailMessages.createdAt)).limit(limit);
}
