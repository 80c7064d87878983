import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, timestamptz } from './columns';

export const MAIL_MESSAGE_STATUSES = ['QUEUED', 'CAPTURED', 'SENT', 'FAILED'] as const;

/**
 * Outgoing mail of the product itself (invitations, notices), written in the same transaction
 * as what it announces (a transactional outbox). Without SMTP the rows are the local mailbox.
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
  },
  (t) => [
    index('mail_messages_status_created_at_idx').on(t.status, t.createdAt),
    index('mail_messages_created_at_idx').on(t.createdAt.desc()),
    check('mail_messages_status_check', oneOf(t.status, MAIL_MESSAGE_STATUSES)),
  ],
);
