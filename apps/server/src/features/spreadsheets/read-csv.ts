import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { SPREADSHEET_LIMIT_TEXTS } from '@mergeboard/core';
import { AppError } from '../../http/app-error';

/** The delimiters a CSV file may use: comma, semicolon (Excel in most of Europe) and tab. */
const DELIMITERS = [',', ';', '\t'] as const;
/** Lines read to choose the delimiter. */
const SNIFF_LINES = 50;
/** In the first bytes, more control characters than this share means a binary file. */
const CONTROL_SHARE_MAX = 0.01;
const SNIFF_BYTES = 64 * 1024;

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  prefix.every((byte, i) => bytes[i] === byte);

function notSpreadsheet(): AppError {
  return new AppError('spreadsheet_not_supported', SPREADSHEET_LIMIT_TEXTS.notSpreadsheet);
}

/**
 * A file's text. UTF-16 with its BOM (Excel's "Unicode text") and UTF-8 (with or without BOM)
 * are read as such; bytes that are not valid UTF-8 are Windows-1252 (Excel's "CSV" on Windows).
 * A file holding NUL bytes, or many control characters, is not text (a binary renamed .csv).
 */
function decodeText(bytes: Uint8Array): string {
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const head = bytes.subarray(0, SNIFF_BYTES);
  let controls = 0;
  for (const byte of head) {
    if (byte === 0) throw notSpreadsheet();
    // C0 controls other than tab, line feed, form feed and carriage return.
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) controls += 1;
  }
  if (controls > head.length * CONTROL_SHARE_MAX) throw notSpreadsheet();
  const body = startsWith(bytes, UTF8_BOM) ? bytes.subarray(UTF8_BOM.length) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    // iconv-lite, not TextDecoder: Node's 'windows-1252' decoder reads 0x80–0x9F as Latin-1 (no €).
    return iconv.decode(Buffer.from(body), 'windows-1252');
  }
}

type Records = string[][];

function parseRecords(text: string, delimiter: string, toLine?: number): Records {
  return parse(text, {
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    ...(toLine ? { to_line: toLine } : {}),
  }) as Records;
}

/**
 * The delimiter that splits the first lines into the most columns, the same number on most
 * lines (a comma inside a semicolon-separated file's values does not win: its lines disagree).
 */
function sniffDelimiter(text: string): string {
  let best: { delimiter: string; columns: number } = { delimiter: ',', columns: 1 };
  for (const delimiter of DELIMITERS) {
    let records: Records;
    try {
      records = parseRecords(text, delimiter, SNIFF_LINES);
    } catch {
      continue;
    }
    const columns = records[0]?.length ?? 0;
    const agreeing = records.filter((record) => record.length === columns).length;
    if (columns > best.columns && agreeing >= records.length * 0.8) best = { delimiter, columns };
  }
  return best.delimiter;
}

/** The rows of a CSV file, header first, cells as written (csv-parse: quotes, escaped quotes, line breaks). */
export function readCsv(bytes: Uint8Array): Records {
  const text = decodeText(bytes);
  try {
    return parseRecords(text, sniffDelimiter(text));
  } catch (error) {
    throw new AppError(
      'spreadsheet_not_supported',
      `The CSV file cannot be read: ${(error as Error).message}`,
    );
  }
}
