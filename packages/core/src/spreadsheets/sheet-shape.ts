import { SPREADSHEET_LIMITS } from '../constants/limits';

/**
 * The header as stored: every column named and each name once, so a column can be chosen (and a
 * merge field written) by its name. An empty header cell becomes 'Column C' (its letter); a
 * repeated name gets ' (2)', ' (3)'…
 */
export function uniqueHeader(raw: readonly string[]): string[] {
  const used = new Set<string>();
  return raw.map((cell, index) => {
    const base = cell.trim() === '' ? `Column ${columnLetter(index)}` : cell.trim();
    let name = base;
    for (let n = 2; used.has(name); n += 1) name = `${base} (${n})`;
    used.add(name);
    return name;
  });
}

/** A column's letter as spreadsheets show it: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** True when every cell of a row is empty or blank: such rows are not data. */
export function isBlankRow(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

/**
 * The cells of a data row in the header's order: cut or padded to the header's width, so
 * `cells[i]` is always the value of `header[i]`.
 */
export function fitRow(cells: readonly string[], width: number): string[] {
  return Array.from({ length: width }, (_, index) => cells[index] ?? '');
}

/** The spreadsheet's name from its file name: the base name without the extension. */
export function spreadsheetNameOf(filename: string): string {
  const base = filename.split(/[\\/]/).pop()!.trim();
  const name = base.replace(/\.(csv|tsv|txt|xlsx)$/i, '').trim();
  return name === '' ? 'Spreadsheet' : name;
}

const count = (n: number) => n.toLocaleString('en-US');

/** What a sheet may hold, as the refusal states it. */
export const SPREADSHEET_LIMIT_TEXTS = {
  tooLarge: `The file is larger than ${SPREADSHEET_LIMITS.maxBytes / (1024 * 1024)} MB.`,
  tooManyRows: (sheet: string) =>
    `The sheet '${sheet}' has more than ${SPREADSHEET_LIMITS.maxRows.toLocaleString('en-US')} rows.`,
  tooManyColumns: (sheet: string) =>
    `The sheet '${sheet}' has more than ${SPREADSHEET_LIMITS.maxColumns} columns.`,
  empty: 'The file is empty.',
  notSpreadsheet: 'The file is not a CSV or XLSX spreadsheet.',
  noEmailColumn: 'No column holds e-mail addresses: add a column named Email with one address per row.',
  noRows: 'The file has a header row but no data rows.',
  cellTooLong: (sheet: string) =>
    `The sheet '${sheet}' has a cell longer than ${count(SPREADSHEET_LIMITS.maxCellCharacters)} characters.`,
  /** A text too long for any cell, found before knowing which sheet shows it. */
  textTooLong: `The file has a cell longer than ${count(SPREADSHEET_LIMITS.maxCellCharacters)} characters.`,
  tooMuchText: `The file holds more than ${count(SPREADSHEET_LIMITS.maxTextCharacters)} characters of text.`,
  tooManySharedStrings: `The file holds more than ${count(SPREADSHEET_LIMITS.maxSharedStrings)} different texts.`,
  unpacksTooLarge: `The file unpacks to more than ${SPREADSHEET_LIMITS.maxUnpackedBytes / (1024 * 1024)} MB.`,
  packedTooTightly: `The file unpacks to more than ${SPREADSHEET_LIMITS.maxPackRatio} times its size.`,
  tooManyArchiveEntries: `The file holds more than ${count(SPREADSHEET_LIMITS.maxArchiveEntries)} parts.`,
  unpacksPastItsClaim: 'The file is damaged: a part of it unpacks to more than the file says.',
  /** The server's reader of a file ran out of the memory or the time it may take. */
  readerOutOfMemory: (megabytes: number) =>
    `The file is too complex to read: reading it needs more than ${megabytes} MB of memory.`,
  readerTimedOut: (seconds: number) =>
    `The file is too complex to read: reading it takes more than ${seconds} seconds.`,
  readersBusy: 'Too many spreadsheets are being read right now; try again in a minute.',
} as const;
