import { SaxesParser } from 'saxes';
import { SPREADSHEET_LIMITS, SPREADSHEET_LIMIT_TEXTS } from '@mergeboard/core';
import { AppError } from '../../http/app-error';
import type { ZipEntry } from './zip-directory';
import { entryText } from './zip-entry-text';

/** What a part's reader hears: elements by their local name (a prefix such as `x:` dropped) and text. */
interface XmlVisitor {
  open?(name: string, attributes: Record<string, string>): void;
  close?(name: string): void;
  text?(text: string): void;
}

/**
 * The parser holds a text (or an attribute, a comment) whole until it ends. Past this many
 * characters without an element starting or ending, no cell could be this long even written as
 * entities (`&amp;` is five characters for one), so the part is refused before the parser holds more.
 */
const MAX_CHARACTERS_BETWEEN_TAGS = 8 * SPREADSHEET_LIMITS.maxCellCharacters;

/** `x:row` → `row`; `r:id` → `id`. */
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

function localAttributes(attributes: Record<string, string>): Record<string, string> {
  const local: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) local[localName(name)] = value;
  return local;
}

/**
 * Streams an XML part of the archive to the visitor. A visitor stops the walk early by throwing;
 * XML that is not well formed is not a spreadsheet. `tooLong` is the refusal for a text longer
 * than any cell may be. The parser expands only XML's own entities: a DTD's are refused, so
 * there are no entity bombs either.
 */
export async function walkXml(
  archive: Uint8Array,
  entry: ZipEntry,
  visitor: XmlVisitor,
  tooLong: () => AppError,
): Promise<void> {
  const parser = new SaxesParser({ position: false });
  let written = 0;
  let lastEvent = 0;
  parser.on('opentag', (tag) => {
    lastEvent = written;
    visitor.open?.(localName(tag.name), localAttributes(tag.attributes as Record<string, string>));
  });
  parser.on('closetag', (tag) => {
    lastEvent = written;
    visitor.close?.(localName(tag.name));
  });
  const onText = (text: string) => {
    lastEvent = written;
    visitor.text?.(text);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  // Heard instead of thrown, so that what a visitor throws passes through as it is.
  let malformed = false;
  parser.on('error', () => (malformed = true));
  const notSpreadsheet = () =>
    new AppError('spreadsheet_not_supported', SPREADSHEET_LIMIT_TEXTS.notSpreadsheet);
  for await (const chunk of entryText(archive, entry)) {
    written += chunk.length;
    parser.write(chunk);
    if (malformed) throw notSpreadsheet();
    if (written - lastEvent > MAX_CHARACTERS_BETWEEN_TAGS) throw tooLong();
  }
  parser.close();
  if (malformed) throw notSpreadsheet();
}
