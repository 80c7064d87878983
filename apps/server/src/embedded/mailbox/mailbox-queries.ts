import { desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailMessages, users } from '../../db/schema';

/**
 * The newest messages of the outbox for one person, newest first: those addressed to them, and the
 * mail-merge messages they sent (captured by the local mailbox, each as rendered for its row).
 */
export function latestMessagesFor(db: Db, email: string, limit: number) {
  const address = email.toLowerCase();
  return db
    .select()
    .from(mailMessages)
    .where(
      or(
        eq(sql`lower(${mailMessages.toAddress})`, address),
        inArray(
          mailMessages.fromUserId,
          db.select({ id: users.id }).from(users).where(eq(users.email, address)),
        ),
      ),
    )
    .orderBy(desc(mailMessages.createdAt))
    .limit(limit);
}
