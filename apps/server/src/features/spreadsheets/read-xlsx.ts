import { TextBudget } from './text-budget';
import { readSharedStrings } from './xlsx-shared-strings';
import { readSheetRows } from './xlsx-sheet';
import { readCellFormats } from './xlsx-styles';
import { partsOf, readWorkbookLayout } from './xlsx-workbook';
import { readZipDirectory } from './zip-directory';

/** A sheet as read: its name and rows, header first, each cell as the spreadsheet shows it. */
export interface RawSheet {
  name: string;
  rows: string[][];
}

/**
 * Every worksheet of an XLSX file, in order. The archive is judged by its central directory
 * before anything is unpacked (readZipDirectory); then each part is inflated and parsed as a
 * stream, within the limits of SPREADSHEET_LIMITS. A file that is no workbook is not a spreadsheet.
 */
export async function readXlsx(bytes: Uint8Array): Promise<RawSheet[]> {
  const part = partsOf(readZipDirectory(bytes));
  const layout = await readWorkbookLayout(bytes, part);
  const formats = await readCellFormats(bytes, layout.styles);
  const sharedStrings = layout.sharedStrings ? await readSharedStrings(bytes, layout.sharedStrings) : [];
  const workbook = { sharedStrings, formats, date1904: layout.date1904, budget: new TextBudget() };
  const sheets: RawSheet[] = [];
  for (const sheet of layout.sheets) {
    const rows = sheet.entry ? await readSheetRows(bytes, sheet.entry, sheet.name, workbook) : [];
    sheets.push({ name: sheet.name, rows });
  }
  return sheets;
}
