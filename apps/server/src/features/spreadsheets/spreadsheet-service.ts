import { spreadsheetNameOf, type SheetRow, type Spreadsheet, type SpreadsheetSource } from '@mergeboard/core';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { ParsedSheet } from './spreadsheet-file';
import {
  deleteOwnSpreadsheet,
  insertSpreadsheet,
  selectRows,
  selectSheet,
  selectSpreadsheet,
  type Owner,
} from './spreadsheet-queries';
import { spreadsheetReaders } from './spreadsheet-readers';

export type { Owner } from './spreadsheet-queries';

const notFound = () => new AppError('not_found', 'No such spreadsheet');
const sheetNotFound = () => new AppError('not_found', 'No such sheet in this spreadsheet');

type StoredSpreadsheet = NonNullable<Awaited<ReturnType<typeof selectSpreadsheet>>>;

function toSpreadsheet(stored: StoredSpreadsheet): Spreadsheet {
  return {
    id: stored.id,
    name: stored.name,
    source: stored.source,
    sheets: stored.sheets.map((sheet) => ({
      sheetId: sheet.sheetId,
      name: sheet.name,
      header: sheet.header,
      rowCount: sheet.rowCount,
      emailColumn: sheet.emailColumn,
    })),
  };
}

/**
 * Stores parsed sheets as the owner's spreadsheet: the spreadsheet, its sheets and all their rows
 * in one transaction, so a failure leaves nothing behind.
 */
export async function storeSpreadsheet(
  db: Db,
  owner: Owner,
  spreadsheet: { name: string; source: SpreadsheetSource; externalId: string | null; sheets: ParsedSheet[] },
): Promise<Spreadsheet> {
  const id = await db.transaction((tx) => insertSpreadsheet(tx, owner, spreadsheet));
  return getOwnSpreadsheet(db, owner, id);
}

/**
 * An uploaded CSV or XLSX file as the caller's spreadsheet, named after the file. The file is
 * read and checked whole (format, limits, an e-mail column) by a reader thread before anything
 * is written.
 */
export async function uploadSpreadsheetFile(
  db: Db,
  options: { owner: Owner; filename: string; bytes: Uint8Array | null | undefined },
): Promise<Spreadsheet> {
  const name = spreadsheetNameOf(options.filename);
  const sheets = await spreadsheetReaders.read(options.bytes ?? new Uint8Array(), name);
  return storeSpreadsheet(db, options.owner, { name, source: 'UPLOAD', externalId: null, sheets });
}

export async function getOwnSpreadsheet(db: Db, owner: Owner, spreadsheetId: string): Promise<Spreadsheet> {
  const stored = await selectSpreadsheet(db, owner, spreadsheetId);
  if (!stored) throw notFound();
  return toSpreadsheet(stored);
}

/** A sheet of the owner's spreadsheet, or 404 (someone else's spreadsheet looks missing). */
export async function requireOwnSheet(db: Db, owner: Owner, spreadsheetId: string, sheetId: string) {
  const sheet = await selectSheet(db, owner, spreadsheetId, sheetId);
  if (!sheet) {
    if (!(await selectSpreadsheet(db, owner, spreadsheetId))) throw notFound();
    throw sheetNotFound();
  }
  return sheet;
}

/** One data row of the owner's sheet, for a live preview. */
export async function getOwnSheetRow(
  db: Db,
  options: { owner: Owner; spreadsheetId: string; sheetId: string; rowNumber: number },
): Promise<SheetRow> {
  const sheet = await requireOwnSheet(db, options.owner, options.spreadsheetId, options.sheetId);
  const [row] = await selectRows(db, sheet, { rowNumbers: [options.rowNumber] });
  if (!row)
    throw new AppError('not_found', `The sheet has no row ${options.rowNumber} (it has ${sheet.rowCount})`);
  return row;
}

export async function deleteSpreadsheetOf(db: Db, owner: Owner, spreadsheetId: string): Promise<void> {
  if (!(await deleteOwnSpreadsheet(db, owner, spreadsheetId))) throw notFound();
}
