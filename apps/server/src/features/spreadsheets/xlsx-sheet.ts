import { SPREADSHEET_LIMITS, SPREADSHEET_LIMIT_TEXTS } from '@mergeboard/core';
import { AppError } from '../../http/app-error';
import { shownIsoDate, shownNumber } from './cell-display';
import { detached } from './detached';
import type { TextBudget } from './text-budget';
import { TOO_LONG, type SharedString } from './xlsx-shared-strings';
import type { CellFormats } from './xlsx-styles';
import { walkXml } from './xml-walk';
import type { ZipEntry } from './zip-directory';

/** What a sheet's cells refer to: the workbook's shared strings and cell formats. */
interface WorkbookContext {
  sharedStrings: readonly SharedString[];
  formats: CellFormats;
  date1904: boolean;
  budget: TextBudget;
}

/** A row as read: its number in the sheet (1 = the first row) and its cells, column A first. */
interface SheetRow {
  number: number;
  cells: string[];
}

/** A cell while it is read: its type (`t`), style (`s`) and value (`<v>`, or the text of `<is>`). */
interface CellParts {
  column: number;
  type: string;
  style: number;
  value: string;
}

const isBlank = (text: string) => text.trim() === '';

/** `BC12` → 55 (A = 1); 0 when the reference has no letters. */
function columnOf(reference: string): number {
  let column = 0;
  for (const character of reference) {
    const code = character.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + code - 64;
  }
  return column;
}

/** `B3:C4` → rows 3–4, columns 2–3; a single cell is a range of one. */
function rangeOf(reference: string) {
  const [first = '', last = first] = reference.split(':');
  const rowOf = (cell: string) => Number(cell.replace(/^[A-Z]+/, ''));
  return { top: rowOf(first), bottom: rowOf(last), left: columnOf(first), right: columnOf(last) };
}

/**
 * A cell as the spreadsheet shows it: a formula by its last computed result (the file keeps it),
 * shared and rich text by their text, numbers and dates through the cell's number format
 * ("1,234.50", "15/01/2026"), booleans as TRUE/FALSE, errors as written (#N/A).
 */
function shownCell(cell: CellParts, sheet: string, workbook: WorkbookContext): string {
  switch (cell.type) {
    case 's': {
      const text = workbook.sharedStrings[Number(cell.value)] ?? '';
      if (text === TOO_LONG)
        throw new AppError('spreadsheet_cell_too_long', SPREADSHEET_LIMIT_TEXTS.cellTooLong(sheet));
      return text;
    }
    case 'str':
    case 'inlineStr':
    case 'e':
      return cell.value;
    case 'b':
      return cell.value === '' ? '' : Number(cell.value) !== 0 ? 'TRUE' : 'FALSE';
    case 'd':
      return shownIsoDate(cell.value, workbook.formats(cell.style));
    default: {
      if (cell.value.trim() === '') return '';
      const number = Number(cell.value);
      if (Number.isNaN(number)) return cell.value;
      return shownNumber(number, workbook.formats(cell.style), workbook.date1904);
    }
  }
}

/** The first kept row numbered `number` or later (rows are kept in ascending order). */
function firstRowFrom(rows: readonly SheetRow[], number: number): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (rows[middle]!.number < number) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Merged cells show their value in the range's first cell only. Excel clears the others when it
 * merges; a file that still holds values there shows them nowhere, so neither do we.
 */
function clearMerged(rows: readonly SheetRow[], reference: string): void {
  const range = rangeOf(reference);
  for (let index = firstRowFrom(rows, range.top); index < rows.length; index += 1) {
    const row = rows[index]!;
    if (row.number > range.bottom) break;
    const last = Math.min(range.right, row.cells.length);
    for (let column = range.left; column <= last; column += 1) {
      if (row.number !== range.top || column !== range.left) row.cells[column - 1] = '';
    }
  }
}

/**
 * A worksheet's rows, streamed from its XML (`<sheetData>` of `<row>`s of `<c>`s, then
 * `<mergeCells>`): only rows with a non-blank cell are kept. Refused as soon as a limit is
 * passed, naming the sheet, without reading further: more than maxRows rows under a header, a
 * non-blank cell past column maxColumns, a cell over maxCellCharacters; and, through the
 * budget, more text than the whole file may hold.
 */
export async function readSheetRows(
  archive: Uint8Array,
  entry: ZipEntry,
  sheet: string,
  workbook: WorkbookContext,
): Promise<string[][]> {
  const tooLong = () => new AppError('spreadsheet_cell_too_long', SPREADSHEET_LIMIT_TEXTS.cellTooLong(sheet));
  const rows: SheetRow[] = [];
  let row: SheetRow | null = null;
  let rowNumber = 0;
  let cell: CellParts | null = null;
  /** Inside `<v>`, or inside a `<t>` of `<is>` that is not a phonetic guide (`<rPh>`). */
  let capturing = false;
  let inInline = false;
  let phonetic = 0;

  const endCell = (parts: CellParts, current: SheetRow) => {
    const text = shownCell(parts, sheet, workbook);
    if (text.length > SPREADSHEET_LIMITS.maxCellCharacters) throw tooLong();
    if (isBlank(text)) return;
    if (parts.column > SPREADSHEET_LIMITS.maxColumns) {
      throw new AppError('spreadsheet_too_many_columns', SPREADSHEET_LIMIT_TEXTS.tooManyColumns(sheet));
    }
    workbook.budget.spend(text.length);
    while (current.cells.length < parts.column - 1) current.cells.push('');
    current.cells[parts.column - 1] = parts.type === 's' ? text : detached(text);
  };

  await walkXml(
    archive,
    entry,
    {
      open(name, attributes) {
        switch (name) {
          case 'row':
            rowNumber = attributes.r ? Number(attributes.r) : rowNumber + 1;
            row = { number: rowNumber, cells: [] };
            break;
          case 'c': {
            if (!row) break;
            const column = attributes.r ? columnOf(attributes.r) : 0;
            const previous = cell?.column ?? 0;
            cell = {
              column: column || previous + 1,
              type: attributes.t ?? 'n',
              style: Number(attributes.s ?? 0),
              value: '',
            };
            break;
          }
          case 'v':
            capturing = cell !== null;
            break;
          case 'is':
            inInline = true;
            break;
          case 'rPh':
            phonetic += 1;
            break;
          case 't':
            capturing = cell !== null && inInline && phonetic === 0;
            break;
          case 'mergeCells':
            // Rows out of order (no writer does this) are put in order for clearMerged's search.
            rows.sort((a, b) => a.number - b.number);
            break;
          case 'mergeCell':
            if (attributes.ref) clearMerged(rows, attributes.ref);
            break;
        }
      },
      text(text) {
        if (!capturing || !cell) return;
        cell.value += text;
        if (cell.value.length > SPREADSHEET_LIMITS.maxCellCharacters) throw tooLong();
      },
      close(name) {
        switch (name) {
          case 'v':
          case 't':
            capturing = false;
            break;
          case 'is':
            inInline = false;
            break;
          case 'rPh':
            phonetic -= 1;
            break;
          case 'c':
            if (cell && row) endCell(cell, row);
            break;
          case 'row':
            if (row && row.cells.length > 0) {
              rows.push(row);
              if (rows.length > SPREADSHEET_LIMITS.maxRows + 1) {
                throw new AppError('spreadsheet_too_many_rows', SPREADSHEET_LIMIT_TEXTS.tooManyRows(sheet));
              }
            }
            row = null;
            cell = null;
            break;
        }
      },
    },
    tooLong,
  );
  return rows.map((kept) => kept.cells);
}
