import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { SpreadsheetSource } from '@mergeboard/core';
import type { Db, Tx } from '../../db/client';
import { spreadsheetRows, spreadsheetSheets, spreadsheets } from '../../db/schema';
import type { ParsedSheet } from './spreadsheet-file';

/** Rows sent in one INSERT: one JSON parameter each, well under any statement size limit. */
const ROWS_PER_INSERT = 10_000;

/** Whose spreadsheet: the uploader in the space. Someone else's id is answered like a missing one. */
export interface Owner {
  userId: string;
  workspaceId: string;
}

/**
 * A spreadsheet with its sheets and rows, in the caller's transaction. Rows go in bulk: each
 * statement takes a sheet's rows as one JSON array and numbers them with ORDINALITY, so 50,000
 * rows are five statements, not 50,000 (or 200,000 bind parameters).
 */
export async function insertSpreadsheet(
  tx: Tx,
  owner: Owner,
  spreadsheet: { name: string; source: SpreadsheetSource; externalId: string | null; sheets: ParsedSheet[] },
): Promise<string> {
  const [row] = await tx
    .insert(spreadsheets)
    .values({
      ...owner,
      name: spreadsheet.name,
      source: spreadsheet.source,
      externalId: spreadsheet.externalId,
    })
    .returning({ id: spreadsheets.id });
  const spreadsheetId = row!.id;
  await tx.insert(spreadsheetSheets).values(
    spreadsheet.sheets.map((sheet) => ({
      spreadsheetId,
      sheetId: sheet.sheetId,
      name: sheet.name,
      position: sheet.position,
      header: sheet.header,
      rowCount: sheet.rows.length,
      emailColumn: sheet.emailColumn,
    })),
  );
  for (const sheet of spreadsheet.sheets) {
    for (let start = 0; start < sheet.rows.length; start += ROWS_PER_INSERT) {
      const chunk = sheet.rows.slice(start, start + ROWS_PER_INSERT);
      await tx.execute(sql`
        INSERT INTO ${spreadsheetRows} (spreadsheet_id, sheet_id, row_number, cells)
        SELECT ${spreadsheetId}, ${sheet.sheetId}, ${start}::int + r.n::int, r.cells
        FROM jsonb_array_elements(${JSON.stringify(chunk)}::jsonb) WITH ORDINALITY AS r(cells, n)`);
    }
  }
  return spreadsheetId;
}

/** The owner's spreadsheet with its sheets in order; null when it is not theirs or does not exist. */
export async function selectSpreadsheet(db: Db, owner: Owner, spreadsheetId: string) {
  const rows = await db
    .select({ spreadsheet: spreadsheets, sheet: spreadsheetSheets })
    .from(spreadsheets)
    .innerJoin(spreadsheetSheets, eq(spreadsheetSheets.spreadsheetId, spreadsheets.id))
    .where(
      and(
        eq(spreadsheets.id, spreadsheetId),
        eq(spreadsheets.userId, owner.userId),
        eq(spreadsheets.workspaceId, owner.workspaceId),
      ),
    )
    .orderBy(asc(spreadsheetSheets.position));
  if (rows.length === 0) return null;
  return { ...rows[0]!.spreadsheet, sheets: rows.map((row) => row.sheet) };
}

/** The sheet of a spreadsheet, on a join of the two tables, when the spreadsheet is the owner's. */
function ownSheet(owner: Owner, spreadsheetId: string, sheetId: string) {
  return and(
    eq(spreadsheetSheets.spreadsheetId, spreadsheetId),
    eq(spreadsheetSheets.sheetId, sheetId),
    eq(spreadsheets.userId, owner.userId),
    eq(spreadsheets.workspaceId, owner.workspaceId),
  );
}

/** One sheet of the owner's spreadsheet; null when either is missing or not theirs. */
export async function selectSheet(db: Db, owner: Owner, spreadsheetId: string, sheetId: string) {
  const [row] = await db
    .select({ sheet: spreadsheetSheets })
    .from(spreadsheetSheets)
    .innerJoin(spreadsheets, eq(spreadsheets.id, spreadsheetSheets.spreadsheetId))
    .where(ownSheet(owner, spreadsheetId, sheetId))
    .limit(1);
  return row?.sheet ?? null;
}

/** A sheet of a file the owner uploaded, with the file's name; null for a Google Sheet, or none of theirs. */
export async function selectUploadedSheet(db: Db, owner: Owner, spreadsheetId: string, sheetId: string) {
  const [row] = await db
    .select({
      spreadsheetName: spreadsheets.name,
      sheetName: spreadsheetSheets.name,
      header: spreadsheetSheets.header,
    })
    .from(spreadsheetSheets)
    .innerJoin(spreadsheets, eq(spreadsheets.id, spreadsheetSheets.spreadsheetId))
    .where(and(ownSheet(owner, spreadsheetId, sheetId), eq(spreadsheets.source, 'UPLOAD')))
    .limit(1);
  return row ?? null;
}

/** Up to `limit` rows of a sheet after row `after` (from the first when null), in row order. */
export function selectRowsAfter(
  db: Db,
  sheet: { spreadsheetId: string; sheetId: string },
  after: number | null,
  limit: number,
): Promise<{ rowNumber: number; cells: string[] }[]> {
  return db
    .select({ rowNumber: spreadsheetRows.rowNumber, cells: spreadsheetRows.cells })
    .from(spreadsheetRows)
    .where(
      and(
        eq(spreadsheetRows.spreadsheetId, sheet.spreadsheetId),
        eq(spreadsheetRows.sheetId, sheet.sheetId),
        after === null ? undefined : gt(spreadsheetRows.rowNumber, after),
      ),
    )
    .orderBy(asc(spreadsheetRows.rowNumber))
    .limit(limit);
}

/**
 * Some columns of every row of a sheet, in row order, by their index in the header (a negative
 * index reads as empty cells): the addresses and copies to analyse, without the other cells.
 */
export async function selectColumns(
  db: Db,
  sheet: { spreadsheetId: string; sheetId: string },
  columnIndexes: readonly number[],
): Promise<{ rowNumber: number; values: string[] }[]> {
  const values = columnIndexes.map((index) =>
    index < 0 ? sql`''` : sql`coalesce(${spreadsheetRows.cells} ->> ${index}::int, '')`,
  );
  return db
    .select({
      rowNumber: spreadsheetRows.rowNumber,
      values: sql<string[]>`ARRAY[${sql.join(values, sql`, `)}]::text[]`,
    })
    .from(spreadsheetRows)
    .where(
      and(eq(spreadsheetRows.spreadsheetId, sheet.spreadsheetId), eq(spreadsheetRows.sheetId, sheet.sheetId)),
    )
    .orderBy(asc(spreadsheetRows.rowNumber));
}

/** The rows of a sheet by number (those that exist); `limit` rows from the first when none are named. */
export async function selectRows(
  db: Db,
  sheet: { spreadsheetId: string; sheetId: string },
  which: { rowNumbers: readonly number[] } | { firstRows: number },
): Promise<{ rowNumber: number; cells: string[] }[]> {
  const query = db
    .select({ rowNumber: spreadsheetRows.rowNumber, cells: spreadsheetRows.cells })
    .from(spreadsheetRows)
    .where(
      and(
        eq(spreadsheetRows.spreadsheetId, sheet.spreadsheetId),
        eq(spreadsheetRows.sheetId, sheet.sheetId),
        'rowNumbers' in which ? inArray(spreadsheetRows.rowNumber, [...which.rowNumbers]) : undefined,
      ),
    )
    .orderBy(asc(spreadsheetRows.rowNumber));
  return 'firstRows' in which ? query.limit(which.firstRows) : query;
}

/** Deletes the owner's spreadsheet (its sheets and rows go with it); false when it is not theirs. */
export async function deleteOwnSpreadsheet(db: Db, owner: Owner, spreadsheetId: string): Promise<boolean> {
  const deleted = await db
    .delete(spreadsheets)
    .where(
      and(
        eq(spreadsheets.id, spreadsheetId),
        eq(spreadsheets.userId, owner.userId),
        eq(spreadsheets.workspaceId, owner.workspaceId),
      ),
    )
    .returning({ id: spreadsheets.id });
  return deleted.length > 0;
}
