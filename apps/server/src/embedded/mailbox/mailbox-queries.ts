import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailMessages, users } from '../../db/schema';

/**
 * Who sees a message of the outbox: the person it is addressed to, and the sender of a mail-merge
 * message (captured by the local mailbox, each as rendered for its row).
 */
function visibleTo(db: Db, email: string) {
  const address = email.toLowerCase();
  return or(
    eq(sql`lower(${mailMessages.toAddress})`, address),
    inArray(mailMessages.fromUserId, db.select({ id: users.id }).from(users).where(eq(users.email, address))),
  );
}

/** The newest messages one person sees, newest first, without their bodies (the list shows none). */
export function latestMessagesFor(db: Db, email: string, limit: number) {
  return db
    .select({
      id: mailMessages.id,
      toAddress: mailMessages.toAddress,
      subject: mailMessages.subject,
      textBody: mailMessages.textBody,
      isHtml: sql<boolean>`${mailMessages.htmlBody} IS NOT NULL`,
      createdAt: mailMessages.createdAt,
    })
    .from(mailMessages)
    .where(visibleTo(db, email))
    .orderBy(desc(mailMessages.createdAt))
    .limit(limit);
}

/** One message, if this person sees it. */
export async function messageFor(db: Db, email: string, id: string) {
  const [message] = await db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.id, id), visibleTo(db, email)));
  return message;
}
