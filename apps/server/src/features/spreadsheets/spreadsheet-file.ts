import {
  SPREADSHEET_LIMITS,
  SPREADSHEET_LIMIT_TEXTS,
  detectEmailColumn,
  fitRow,
  isBlankRow,
  uniqueHeader,
} from '@mergeboard/core';
import { AppError } from '../../http/app-error';
import type { RawSheet } from './read-xlsx';

/** A sheet ready to store: its header (each column named once), data rows fitted to it, and its e-mail column. */
export interface ParsedSheet {
  sheetId: string;
  name: string;
  position: number;
  header: string[];
  rows: string[][];
  emailColumn: string | null;
}

/** The columns a sheet uses: up to its last non-empty cell in any row. */
function widthOf(rows: readonly string[][]): number {
  let width = 0;
  for (const row of rows) {
    for (let column = row.length - 1; column >= width; column -= 1) {
      if (row[column]!.trim() !== '') {
        width = column + 1;
        break;
      }
    }
  }
  return width;
}

/**
 * A sheet's header and data: the first non-blank row is the header; blank rows are not data.
 * Refuses a sheet over the cell, column or row limit, naming it.
 */
function shapeSheet(raw: RawSheet, position: number, sheetId = String(position)): ParsedSheet | null {
  const rows = raw.rows.filter((row) => !isBlankRow(row));
  if (rows.length === 0) return null;
  const width = widthOf(rows);
  if (rows.some((row) => row.some((cell) => cell.length > SPREADSHEET_LIMITS.maxCellCharacters))) {
    throw new AppError('spreadsheet_cell_too_long', SPREADSHEET_LIMIT_TEXTS.cellTooLong(raw.name));
  }
  if (width > SPREADSHEET_LIMITS.maxColumns) {
    throw new AppError('spreadsheet_too_many_columns', SPREADSHEET_LIMIT_TEXTS.tooManyColumns(raw.name));
  }
  if (rows.length - 1 > SPREADSHEET_LIMITS.maxRows) {
    throw new AppError('spreadsheet_too_many_rows', SPREADSHEET_LIMIT_TEXTS.tooManyRows(raw.name));
  }
  const header = uniqueHeader(fitRow(rows[0]!, width));
  const data = rows.slice(1).map((row) => fitRow(row, width));
  return {
    sheetId,
    name: raw.name,
    position,
    header,
    rows: data,
    emailColumn: detectEmailColumn(header, data),
  };
}

/**
 * The sheets of a spreadsheet, refused as a whole when unusable: no sheet with data, or no sheet
 * with an e-mail column. Sheets without data are left out.
 */
export function usableSheets(
  raws: readonly RawSheet[],
  sheetIdOf?: (index: number) => string,
): ParsedSheet[] {
  const sheets = raws
    .map((raw, index) => shapeSheet(raw, index, sheetIdOf?.(index)))
    .filter((sheet): sheet is ParsedSheet => sheet !== null);
  if (sheets.length === 0) throw new AppError('spreadsheet_empty', SPREADSHEET_LIMIT_TEXTS.empty);
  if (sheets.every((sheet) => sheet.rows.length === 0)) {
    throw new AppError('spreadsheet_empty', SPREADSHEET_LIMIT_TEXTS.noRows);
  }
  if (sheets.every((sheet) => sheet.emailColumn === null)) {
    throw new AppError('spreadsheet_no_email_column', SPREADSHEET_LIMIT_TEXTS.noEmailColumn);
  }
  return sheets.map((sheet, position) => ({ ...sheet, position }));
}
