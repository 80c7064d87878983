import { SPREADSHEET_LIMITS } from '@mergeboard/core';
import type { Db } from '../../db/client';
import { keysetBatches, type CsvColumn } from '../../lib/csv-export';
import { selectRowsAfter, selectUploadedSheet, type Owner } from './spreadsheet-queries';

type StoredRow = { rowNumber: number; cells: string[] };

/** Our spreadsheet ids are uuids; a merge of a Google Sheet lists Google's id, which never is one. */
const OUR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A sheet of a file the owner uploaded, as CSV columns (its header, as written) and its rows a
 * page at a time, in sheet order: what a merge of an uploaded file offers instead of a link to
 * open (an uploaded file keeps no copy but its cells). Every row the file had, up to the upload's
 * own limit. Null when the owner has no such upload: deleted, a Google Sheet, or not theirs.
 */
export async function uploadedSheetFile(
  db: Db,
  owner: Owner,
  sheet: { spreadsheetId: string; sheetId: string },
) {
  if (!OUR_ID.test(sheet.spreadsheetId)) return null;
  const found = await selectUploadedSheet(db, owner, sheet.spreadsheetId, sheet.sheetId);
  if (!found) return null;
  const columns: CsvColumn<StoredRow>[] = found.header.map((header, index) => ({
    header,
    value: (row) => row.cells[index],
  }));
  const batches = keysetBatches<StoredRow, number>({
    maxRows: SPREADSHEET_LIMITS.maxRows,
    cursorOf: (row) => row.rowNumber,
    fetchPage: (after, limit) => selectRowsAfter(db, sheet, after, limit),
  });
  return { spreadsheetName: found.spreadsheetName, sheetName: found.sheetName, columns, batches };
}
