import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { SCHEDULED_MERGE_STATUSES } from '@mergeboard/core';
import { createdAt, oneOf, timestamptz, updatedAt } from './columns';
import { users } from './identity';
import { workspaces } from './workspaces';

/**
 * A merge waiting to run or to resume. mergeTime is the next run; IN PROGRESS without one means
 * the sending quota ran out and it resumes when the quota resets. An error is retried while
 * recoverableErrorLastRetryAt is set and recoverableErrorRetries is below 5.
 */
export const scheduledMerges = pgTable(
  'scheduled_merges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    spreadsheetId: text('spreadsheet_id').notNull(),
    sheetId: text('sheet_id').notNull(),
    sheetName: text('sheet_name').notNull(),
    spreadsheetName: text('spreadsheet_name').notNull(),
    title: text('title').notNull(),
    /**
     * The Google Sheet's link, written when the merge is made; empty for an uploaded file, which
     * has no page to open (its rows download as CSV instead).
     */
    spreadsheetLink: text('spreadsheet_link').notNull(),
    mergeTime: timestamptz('merge_time'),
    status: text('status', { enum: SCHEDULED_MERGE_STATUSES }).notNull().default('SCHEDULED'),
    error: text('error'),
    errorDetails: text('error_details'),
    recoverableErrorRetries: integer('recoverable_error_retries').notNull().default(0),
    recoverableErrorLastRetryAt: timestamptz('recoverable_error_last_retry_at'),
    sentCount: integer('sent_count').notNull().default(0),
    toSendCount: integer('to_send_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The spec identifies a scheduled merge by its sheet key: one per sheet and sender.
    unique('scheduled_merges_user_id_spreadsheet_id_sheet_id_unique').on(
      t.userId,
      t.spreadsheetId,
      t.sheetId,
    ),
    index('scheduled_merges_workspace_id_created_at_idx').on(t.workspaceId, t.createdAt.desc().nullsFirst()),
    // The sending engine picks the merges that are due.
    index('scheduled_merges_merge_time_idx')
      .on(t.mergeTime)
      .where(sql`${t.mergeTime} IS NOT NULL`),
    check('scheduled_merges_status_check', oneOf(t.status, SCHEDULED_MERGE_STATUSES)),
    check(
      'scheduled_merges_counts_check',
      sql`${t.sentCount} >= 0 AND ${t.toSendCount} >= 0 AND ${t.recoverableErrorRetries} >= 0`,
    ),
  ],
);
