import { format, isDateFormat } from 'numfmt';

/**
 * The number formats Excel knows by id without writing them in the file (ECMA-376 §18.8.30), as
 * exceljs read them before this reader: the locale-dependent ids (27–36, 50–81) show as General.
 */
const BUILT_IN_FORMATS: Record<number, string> = {
  0: 'General',
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  9: '0%',
  10: '0.00%',
  11: '0.00E+00',
  12: '# ?/?',
  13: '# ??/??',
  14: 'mm-dd-yy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yy "h":mm',
  37: '#,##0 ;(#,##0)',
  38: '#,##0 ;[Red](#,##0)',
  39: '#,##0.00 ;(#,##0.00)',
  40: '#,##0.00 ;[Red](#,##0.00)',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mmss.0',
  48: '##0.0E+0',
  49: '@',
};

/** The pattern of a format id: the file's own, else Excel's built-in one, else General. */
export function formatOfId(id: number, custom: ReadonlyMap<number, string>): string {
  return custom.get(id) ?? BUILT_IN_FORMATS[id] ?? 'General';
}

/** Days between the 1900 date system's day 0 (1899-12-30) and the Unix epoch. */
const UNIX_EPOCH_SERIAL = 25_569;
/** Days between the 1900 and the 1904 date systems' day 0 (a Mac workbook counts from 1904). */
const DATE_1904_OFFSET = 1_462;
const DAY_MS = 86_400_000;

/** A number under its cell's format, as the spreadsheet shows it ("1,234.50", "15/01/2026", "26%"). */
export function shownNumber(value: number, pattern: string, date1904: boolean): string {
  try {
    return format(pattern, date1904 && isDateFormat(pattern) ? value + DATE_1904_OFFSET : value);
  } catch {
    // A format numfmt cannot read shows the number as General would.
    return format('General', value);
  }
}

/** A cell of type `d` (an ISO 8601 date) as shown; a date cell without a date format still shows a date. */
export function shownIsoDate(value: string, pattern: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  const serial = time / DAY_MS + UNIX_EPOCH_SERIAL;
  return shownNumber(serial, pattern === 'General' ? 'yyyy-mm-dd' : pattern, false);
}
