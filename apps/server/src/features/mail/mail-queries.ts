import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailMessages } from '../../db/schema';

/** The newest messages of the outbox addressed to one person, newest first. */
export function latestMessagesTo(db: Db, email: string, limit: number) {
  return db
    .select()
    .from(mailMessages)
    .where(eq(sql`lower(${mailMessages.toAddress})`, email.toLowerCase()))
    .orderBy(desc(mailMessages.createdAt))
    .limit(limit);
}
