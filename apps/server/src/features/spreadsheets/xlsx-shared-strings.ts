import { SPREADSHEET_LIMITS, SPREADSHEET_LIMIT_TEXTS } from '@mergeboard/core';
import { AppError } from '../../http/app-error';
import { detached } from './detached';
import { walkXml } from './xml-walk';
import type { ZipEntry } from './zip-directory';

/** A shared string too long for a cell: refused, naming its sheet, if a cell shows it. */
export const TOO_LONG = Symbol('too long for a cell');
export type SharedString = string | typeof TOO_LONG;

/**
 * The workbook's shared-strings table (sharedStrings.xml): each `<si>` is one text, plain (`<t>`)
 * or rich (runs of `<r><t>`); phonetic guides (`<rPh>`) are not shown. Bounded: at most
 * maxSharedStrings texts of maxTextCharacters in all. A text longer than a cell may be is kept
 * as TOO_LONG, not as text.
 */
export async function readSharedStrings(archive: Uint8Array, entry: ZipEntry): Promise<SharedString[]> {
  const strings: SharedString[] = [];
  let characters = 0;
  let current = '';
  let tooLong = false;
  let inItem = false;
  let inText = false;
  let phonetic = 0;
  await walkXml(
    archive,
    entry,
    {
      open(name) {
        if (name === 'si') {
          inItem = true;
          current = '';
          tooLong = false;
        } else if (name === 'rPh') phonetic += 1;
        else if (name === 't' && inItem && phonetic === 0) inText = true;
      },
      text(text) {
        if (!inText || tooLong) return;
        current += text;
        if (current.length > SPREADSHEET_LIMITS.maxCellCharacters) {
          tooLong = true;
          current = '';
        }
      },
      close(name) {
        if (name === 't') inText = false;
        else if (name === 'rPh') phonetic -= 1;
        else if (name === 'si') {
          if (strings.length === SPREADSHEET_LIMITS.maxSharedStrings) {
            throw new AppError('spreadsheet_too_large', SPREADSHEET_LIMIT_TEXTS.tooManySharedStrings);
          }
          characters += current.length;
          if (characters > SPREADSHEET_LIMITS.maxTextCharacters) {
            throw new AppError('spreadsheet_too_large', SPREADSHEET_LIMIT_TEXTS.tooMuchText);
          }
          strings.push(tooLong ? TOO_LONG : detached(current));
          inItem = false;
        }
      },
    },
    () => new AppError('spreadsheet_cell_too_long', SPREADSHEET_LIMIT_TEXTS.textTooLong),
  );
  return strings;
}
