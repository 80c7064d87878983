import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { MERGE_STATUSES, SPREADSHEET_SOURCES } from '@mergeboard/core';
import { campaigns, scheduledMerges } from './campaigns';
import { createdAt, oneOf, timestamptz, updatedAt } from './columns';
import { users } from './identity';
import { workspaces } from './workspaces';

/**
 * A spreadsheet in the spec's sense (an id, a name, sheets): an uploaded CSV or XLSX file, or a
 * Google Sheet read through the Sheets API. The file itself is not kept, only its cells.
 */
export const spreadsheets = pgTable(
  'spreadsheets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Who uploaded or linked it; only they read it. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    source: text('source', { enum: SPREADSHEET_SOURCES }).notNull(),
    /** The Google spreadsheet id of a GOOGLE_SHEETS source. */
    externalId: text('external_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('spreadsheets_user_id_created_at_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    check('spreadsheets_source_check', oneOf(t.source, SPREADSHEET_SOURCES)),
  ],
);

/** A sheet (a CSV file has one): its header row, as written, and how many data rows follow. */
export const spreadsheetSheets = pgTable(
  'spreadsheet_sheets',
  {
    spreadsheetId: uuid('spreadsheet_id')
      .notNull()
      .references(() => spreadsheets.id, { onDelete: 'cascade' }),
    /** Stable within the spreadsheet ('0', '1', … for files; Google's gid for a Google Sheet). */
    sheetId: text('sheet_id').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    header: jsonb('header').$type<string[]>().notNull(),
    rowCount: integer('row_count').notNull(),
    /** The column detected (or chosen) as the recipients' address. */
    emailColumn: text('email_column'),
  },
  (t) => [
    primaryKey({ columns: [t.spreadsheetId, t.sheetId] }),
    check('spreadsheet_sheets_row_count_check', sql`${t.rowCount} >= 0`),
  ],
);

/** One data row of a sheet: its cells as shown, in the header's order. */
export const spreadsheetRows = pgTable(
  'spreadsheet_rows',
  {
    spreadsheetId: uuid('spreadsheet_id').notNull(),
    sheetId: text('sheet_id').notNull(),
    /** 1 for the first row under the header. */
    rowNumber: integer('row_number').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.spreadsheetId, t.sheetId, t.rowNumber] }),
    foreignKey({
      columns: [t.spreadsheetId, t.sheetId],
      foreignColumns: [spreadsheetSheets.spreadsheetId, spreadsheetSheets.sheetId],
      name: 'spreadsheet_rows_sheet_fk',
    }).onDelete('cascade'),
  ],
);

/**
 * What a mail merge sends: the sheet, the message and how to send it. Its campaign (the Sent
 * list's row, with one campaign_recipients row per address to send) is written when it starts;
 * its scheduled_merges row is what the Scheduled list shows while it waits or runs.
 */
export const merges = pgTable(
  'merges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The sender. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null once the spreadsheet is deleted: the merge then stops with SPREADSHEET DELETED. */
    spreadsheetId: uuid('spreadsheet_id').references(() => spreadsheets.id, { onDelete: 'set null' }),
    sheetId: text('sheet_id').notNull(),
    spreadsheetName: text('spreadsheet_name').notNull(),
    sheetName: text('sheet_name').notNull(),
    emailColumn: text('email_column').notNull(),
    subject: text('subject').notNull(),
    bodyHtml: text('body_html').notNull(),
    senderName: text('sender_name'),
    replyTo: text('reply_to'),
    ccColumn: text('cc_column'),
    bccColumn: text('bcc_column'),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    scheduledMergeId: uuid('scheduled_merge_id').references(() => scheduledMerges.id, {
      onDelete: 'set null',
    }),
    status: text('status', { enum: MERGE_STATUSES }).notNull().default('SCHEDULED'),
    /** When sending starts (now for 'Send now'). */
    sendAt: timestamptz('send_at').notNull(),
    /** The IANA zone the sender scheduled in, to show the time back as they chose it. */
    timeZone: text('time_zone').notNull(),
    /** Rows left out when the merge started, by reason: invalid, duplicate, suppressed. */
    skipped: jsonb('skipped')
      .$type<{ invalid: number; duplicate: number; suppressed: number }>()
      .notNull()
      .default({ invalid: 0, duplicate: 0, suppressed: 0 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('merges_user_id_created_at_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('merges_campaign_id_idx').on(t.campaignId),
    index('merges_scheduled_merge_id_idx').on(t.scheduledMergeId),
    check('merges_status_check', oneOf(t.status, MERGE_STATUSES)),
  ],
);

/**
 * Recipients sent per sender and day (UTC), the quota's counter: a claim takes this row
 * FOR UPDATE, claims at most limit − used rows and adds them here in the same transaction, so two
 * merges of one sender cannot pass the limit together.
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
