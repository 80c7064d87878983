import ExcelJS from 'exceljs';
import { format } from 'numfmt';
import { SPREADSHEET_LIMIT_TEXTS } from '@mergeboard/core';
import { AppError } from '../../http/app-error';

/** Days between the spreadsheet epoch (1899-12-30) and the Unix epoch. */
const EXCEL_EPOCH_OFFSET_DAYS = 25_569;
const DAY_MS = 86_400_000;

/** A sheet as read: its name and rows, header first, each cell as the spreadsheet shows it. */
export interface RawSheet {
  name: string;
  rows: string[][];
}

/** The serial number behind a date (exceljs reads dates as UTC instants). */
function serialOf(date: Date): number {
  return date.getTime() / DAY_MS + EXCEL_EPOCH_OFFSET_DAYS;
}

type Scalar = string | number | boolean | Date | { error: string } | null | undefined;

/** A value under the cell's number format, as the spreadsheet shows it. */
function shown(value: Scalar, numberFormat: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) {
    // A date cell without a date format still shows a date.
    const pattern = numberFormat === 'General' ? 'yyyy-mm-dd' : numberFormat;
    return format(pattern, serialOf(value));
  }
  if (typeof value === 'number') return format(numberFormat, value);
  return value.error;
}

/**
 * A cell as shown: a formula by its last computed result (the file keeps it), rich text and links
 * by their text, numbers and dates through the cell's number format ("1,234.50", "15/01/2026").
 */
function cellText(cell: ExcelJS.Cell): string {
  // The other cells of a merged range show nothing.
  if (cell.isMerged && cell.master !== cell) return '';
  const numberFormat = cell.numFmt || 'General';
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && !(value instanceof Date)) {
    if ('formula' in value || 'sharedFormula' in value) return shown(value.result as Scalar, numberFormat);
    if ('richText' in value || 'hyperlink' in value) return cell.text;
    if ('error' in value) return value.error;
    return cell.text;
  }
  return shown(value, numberFormat);
}

/** Every worksheet of an XLSX file, in order; a file exceljs cannot open is not a spreadsheet. */
export async function readXlsx(bytes: Uint8Array): Promise<RawSheet[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types its input as an ArrayBuffer-like Buffer of its own; its ZIP reader takes an ArrayBuffer.
    await workbook.xlsx.load(bytes.slice().buffer);
  } catch {
    throw new AppError('spreadsheet_not_supported', SPREADSHEET_LIMIT_TEXTS.notSpreadsheet);
  }
  return workbook.worksheets.map((worksheet) => {
    const rows: string[][] = [];
    worksheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, column) => {
        cells[column - 1] = cellText(cell);
      });
      rows[rowNumber - 1] = Array.from(cells, (cell) => cell ?? '');
    });
    return { name: worksheet.name, rows: Array.from(rows, (row) => row ?? []) };
  });
}
