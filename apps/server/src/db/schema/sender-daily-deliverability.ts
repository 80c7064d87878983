import { date, index, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { workspaces } from './workspaces';

/**
 * What became of the messages sent per space, sender and UTC day they were SENT (issue 26): how
 * many were sent, and of those how many hard-bounced, drew a spam complaint or were unsubscribed
 * from, form submission notifications left out. Kept by statement-level triggers on
 * campaign_recipients and campaigns (migration 0026, in the manner of sender_monthly_sent), so the
 * deliverability page reads at most 30 rows per sender instead of counting a million recipients.
 * A bounce that arrives days later counts on the day its message went out.
 */
export const senderDailyDeliverability = pgTable(
  'sender_daily_deliverability',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    sent: integer('sent').notNull(),
    hardBounced: integer('hard_bounced').notNull(),
    complained: integer('complained').notNull(),
    unsubscribed: integer('unsubscribed').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId, t.day] }),
    // The page reads a space's last 30 days across its senders.
    index('sender_daily_deliverability_workspace_id_day_idx').on(t.workspaceId, t.day),
    index('sender_daily_deliverability_user_id_day_idx').on(t.userId, t.day),
  ],
);
