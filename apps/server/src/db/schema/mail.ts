import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, timestamptz } from './columns';
import { users } from './identity';

export const MAIL_MESSAGE_STATUSES = ['QUEUED', 'CAPTURED', 'SENT', 'FAILED'] as const;

/**
 * Outgoing mail of the product itself (invitations, notices), written in the same transaction
 * as what it announces (a transactional outbox). Without SMTP the rows are the local mailbox;
 * with SMTP a worker job delivers the QUEUED ones (features/mail/delivery.ts).
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    status: text('status', { enum: MAIL_MESSAGE_STATUSES }).notNull().default('QUEUED'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
    /** Delivery attempts started so far; counted when an attempt claims the row. */
    attempts: integer('attempts').notNull().default(0),
    /**
     * When a QUEUED message may be tried next. A claim pushes it forward by a lease, so a second
     * worker skips the message while it is being sent, and a crashed attempt is retried later.
     */
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    /**
     * A mail merge's message captured by the local mailbox (no SMTP): its sender, who finds it in
     * their mailbox next to the mail addressed to them, and its HTML body as rendered for its row.
     */
    fromUserId: uuid('from_user_id').references(() => users.id, { onDelete: 'cascade' }),
    htmlBody: text('html_body'),
    /** That message's RFC 5322 source as the local transport built it: the mailbox's 'Show original'. */
    rawSource: text('raw_source'),
  },
  (t) => [
    index('mail_messages_status_created_at_idx').on(t.status, t.createdAt),
    index('mail_messages_created_at_idx').on(t.createdAt.desc()),
    index('mail_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'QUEUED'`),
    check('mail_messages_status_check', oneOf(t.status, MAIL_MESSAGE_STATUSES)),
    check('mail_messages_attempts_check', sql`${t.attempts} >= 0`),
  ],
);
