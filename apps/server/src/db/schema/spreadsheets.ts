import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { SPREADSHEET_SOURCES } from '@mergeboard/core';
import { createdAt, oneOf, updatedAt } from './columns';
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
