import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gmailInboxChecks } from '../../db/schema';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * A sender's inbox is read while they have sent a merge within this many days: replies and
 * bounces come within days of a merge, and a month covers the slow repliers without reading the
 * inboxes of people who stopped sending.
 */
export const GMAIL_INBOX_DAYS = 30;
/** How often one sender's inbox is read: replies show within minutes, within Gmail's quota. */
export const GMAIL_CHECK_EVERY_SECONDS = 5 * 60;
/** After a rate limit or Google failing, the sender's next check waits this long. */
export const GMAIL_RETRY_LATER_SECONDS = 15 * 60;
/** A claimed check is not due again before this; longer than one check can take. */
const CHECK_LEASE_SECONDS = 10 * 60;
/** Senders one run reads at most; the next run (a minute later) takes the rest. */
const SENDERS_PER_RUN = 20;

/** A sender whose own Gmail is due to be read. */
export interface GmailSender {
  userId: string;
  /** The Google identity holding the grant. */
  identityId: string;
  /** Where a first check starts: the first of their merges in the window (nothing older answers one). */
  firstMergeAt: Date;
}

/** How far a sender's inbox has been read (schema: gmail_inbox_checks). */
export interface InboxProgress {
  checkedUntil: Date;
  recentMessageIds: string[];
}

/** Senders with the read grant who sent a merge within GMAIL_INBOX_DAYS and are due, the longest waiting first. */
export async function dueGmailSenders(db: Db): Promise<GmailSender[]> {
  const rows = rowsOf<{ userId: string; identityId: string; firstMergeAt: string | Date }>(
    await db.execute(sql`SELECT i.user_id AS "userId", i.id AS "identityId", m.first AS "firstMergeAt"
        FROM identities i
        JOIN google_grants g ON g.identity_id = i.id AND g.inbox_read_granted_at IS NOT NULL
        JOIN LATERAL (SELECT min(c.created_at) AS first FROM campaigns c
               WHERE c.user_id = i.user_id
                 AND c.last_email_sent_at > now() - make_interval(days => ${GMAIL_INBOX_DAYS})) m
          ON m.first IS NOT NULL
        LEFT JOIN gmail_inbox_checks k ON k.user_id = i.user_id
       WHERE i.user_id IS NOT NULL AND (k.user_id IS NULL OR k.next_check_at <= now())
       ORDER BY k.next_check_at NULLS FIRST
       LIMIT ${SENDERS_PER_RUN}`),
  );
  return rows.map((row) => ({ ...row, firstMergeAt: new Date(row.firstMergeAt) }));
}

/**
 * Claims the sender's check for CHECK_LEASE_SECONDS (a first one starts at their first merge);
 * null when another worker holds it or it is not due.
 */
export async function claimInboxCheck(db: Db, sender: GmailSender): Promise<InboxProgress | null> {
  const leaseEnd = sql`now() + make_interval(secs => ${CHECK_LEASE_SECONDS})`;
  const [row] = await db
    .insert(gmailInboxChecks)
    .values({ userId: sender.userId, checkedUntil: sender.firstMergeAt, nextCheckAt: leaseEnd })
    .onConflictDoUpdate({
      target: gmailInboxChecks.userId,
      set: { nextCheckAt: leaseEnd, updatedAt: new Date() },
      setWhere: sql`${gmailInboxChecks.nextCheckAt} <= now()`,
    })
    .returning({
      checkedUntil: gmailInboxChecks.checkedUntil,
      recentMessageIds: gmailInboxChecks.recentMessageIds,
    });
  return row ?? null;
}

/** Records how far the check got, and when the sender is due again. */
export async function saveInboxCheck(
  db: Db,
  userId: string,
  progress: InboxProgress,
  dueInSeconds: number,
): Promise<void> {
  await db
    .update(gmailInboxChecks)
    .set({
      checkedUntil: progress.checkedUntil,
      recentMessageIds: progress.recentMessageIds,
      nextCheckAt: sql`now() + make_interval(secs => ${dueInSeconds})`,
      updatedAt: new Date(),
    })
    .where(sql`${gmailInboxChecks.userId} = ${userId}`);
}
