import { SPREADSHEET_LIMIT_TEXTS } from '@mergeboard/core';
import { AppError } from '../../http/app-error';
import { formatOfId } from './cell-display';
import { walkXml } from './xml-walk';
import type { ZipEntry } from './zip-directory';

/**
 * Excel keeps at most 64,000 cell styles; past this many, styles and formats are not recorded
 * (a cell naming one shows as General), so a styles part cannot fill memory.
 */
const MAX_STYLES = 65_536;

/** The number format pattern of each cell style, by the style index a cell's `s` names. */
export type CellFormats = (style: number) => string;

/**
 * The number formats of the workbook's cell styles (styles.xml): `<numFmts>` declares the file's
 * own patterns by id, and each `<xf>` of `<cellXfs>` (in order) uses one by its `numFmtId`.
 */
export async function readCellFormats(
  archive: Uint8Array,
  entry: ZipEntry | undefined,
): Promise<CellFormats> {
  const custom = new Map<number, string>();
  const styleFormatIds: number[] = [];
  if (entry) {
    let inCellStyles = false;
    await walkXml(
      archive,
      entry,
      {
        open(name, attributes) {
          if (name === 'numFmt' && custom.size < MAX_STYLES) {
            custom.set(Number(attributes.numFmtId), attributes.formatCode ?? 'General');
          } else if (name === 'cellXfs') inCellStyles = true;
          else if (name === 'xf' && inCellStyles && styleFormatIds.length < MAX_STYLES) {
            styleFormatIds.push(Number(attributes.numFmtId ?? 0));
          }
        },
        close(name) {
          if (name === 'cellXfs') inCellStyles = false;
        },
      },
      () => new AppError('spreadsheet_not_supported', SPREADSHEET_LIMIT_TEXTS.notSpreadsheet),
    );
  }
  const patterns = styleFormatIds.map((id) => formatOfId(id, custom));
  return (style) => patterns[style] ?? 'General';
}
