import { SPREADSHEET_LIMIT_TEXTS } from '@mergeboard/core';
import { AppError } from '../../http/app-error';
import { readCsv } from './read-csv';
import { readXlsx } from './read-xlsx';
import { usableSheets, type ParsedSheet } from './spreadsheet-file';

/** An XLSX file is a ZIP archive: it starts with a local file header. */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/**
 * An uploaded file's sheets. The content decides the format, whatever the name says: a ZIP
 * archive is read as XLSX (every sheet), anything else as CSV text (one sheet, named after the
 * spreadsheet). Runs in a reader worker (spreadsheet-readers.ts), never on the API's thread.
 */
export async function readSpreadsheetFile(bytes: Uint8Array, name: string): Promise<ParsedSheet[]> {
  if (bytes.length === 0) throw new AppError('spreadsheet_empty', SPREADSHEET_LIMIT_TEXTS.empty);
  const isZip = ZIP_MAGIC.every((byte, i) => bytes[i] === byte);
  const raws = isZip ? await readXlsx(bytes) : [{ name, rows: readCsv(bytes) }];
  return usableSheets(raws);
}
