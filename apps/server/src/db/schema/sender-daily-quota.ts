import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * Recipients (To, Cc and Bcc addresses) sent per sender and day (UTC), the quota's counter: a
 * claim takes this row FOR UPDATE, claims the rows whose addresses fit limit − used and adds them
 * here in the same transaction, so two merges of one sender cannot pass the limit together.
 */
export const senderDailyQuota = pgTable(
  'sender_daily_quota',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    check('sender_daily_quota_used_check', sql`${t.used} >= 0`),
  ],
);
