import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { campaignRecipients } from './campaigns';
import { createdAt, oneOf, timestamptz, updatedAt } from './columns';
import { users } from './identity';
import { workspaces } from './workspaces';

/** What an applied inbound message was (features/inbound/inbound-event.ts, less 'ignored'). */
export const INBOUND_MESSAGE_KINDS = [
  'hard-bounce',
  'soft-bounce',
  'complaint',
  'reply',
  'auto-reply',
  'unsubscribe',
] as const;

/**
 * Every message that came back and was applied to a recipient row (issue 25): its Message-ID is
 * unique, so the same DSN, complaint or reply read twice (a mailbox read again, a job retried)
 * changes nothing the second time. A message that matches no row of ours (a forged token, another
 * sender's merge) is logged and not kept: a stranger's mail writes nothing.
 */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The inbound message's own Message-ID (without angle brackets), or a hash of its bytes. */
    messageId: text('message_id').notNull(),
    kind: text('kind', { enum: INBOUND_MESSAGE_KINDS }).notNull(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => campaignRecipients.id, { onDelete: 'cascade' }),
    /** A bounce's status and the remote server's words; null for the other kinds. */
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('inbound_messages_message_id_unique').on(t.messageId),
    index('inbound_messages_recipient_id_idx').on(t.recipientId),
    index('inbound_messages_workspace_id_idx').on(t.workspaceId),
    check('inbound_messages_kind_check', oneOf(t.kind, INBOUND_MESSAGE_KINDS)),
  ],
);

/**
 * How far a sender's own Gmail has been read for replies and bounces (inbound/gmail-inbound.ts):
 * one row per sender, written at their first check. Everything Gmail received before
 * `checked_until` has been handled (a later check lists again from an hour earlier, for mail
 * Gmail shows late); `recent_message_ids` are the Gmail ids handled in that overlap, so they are
 * not fetched twice. `next_check_at` is when the sender is due and doubles as the lease of the
 * check under way, so two workers never read one inbox at once.
 */
export const gmailInboxChecks = pgTable('gmail_inbox_checks', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  checkedUntil: timestamptz('checked_until').notNull(),
  recentMessageIds: text('recent_message_ids')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  nextCheckAt: timestamptz('next_check_at').notNull().defaultNow(),
  updatedAt: updatedAt(),
});
