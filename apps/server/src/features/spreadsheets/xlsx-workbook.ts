import path from 'node:path';
import { SPREADSHEET_LIMIT_TEXTS } from '@mergeboard/core';
import { AppError } from '../../http/app-error';
import { walkXml } from './xml-walk';
import type { ZipEntry } from './zip-directory';

/** Where a workbook's parts are: its sheets in order with their names, shared strings, styles. */
interface WorkbookLayout {
  sheets: { name: string; entry: ZipEntry | undefined }[];
  sharedStrings: ZipEntry | undefined;
  styles: ZipEntry | undefined;
  /** A workbook saved with the 1904 date system (older Macs) counts its dates from 1904-01-01. */
  date1904: boolean;
}

const notSpreadsheet = () =>
  new AppError('spreadsheet_not_supported', SPREADSHEET_LIMIT_TEXTS.notSpreadsheet);

/** An archive's parts by name: part names are case-insensitive (ECMA-376 part 2, §6.2.2.3). */
export function partsOf(entries: readonly ZipEntry[]): (name: string) => ZipEntry | undefined {
  const byName = new Map(entries.map((entry) => [entry.name.replace(/^\//, '').toLowerCase(), entry]));
  return (name) => byName.get(name.toLowerCase());
}

type Relationship = { type: string; target: string };

/** A part's relationships (its `.rels` part), by id, their targets as part names. */
async function relationshipsOf(
  archive: Uint8Array,
  part: (name: string) => ZipEntry | undefined,
  source: string,
): Promise<Map<string, Relationship>> {
  const directory = path.posix.dirname(source);
  const rels = part(path.posix.join(directory, '_rels', `${path.posix.basename(source)}.rels`));
  const relationships = new Map<string, Relationship>();
  if (!rels) return relationships;
  await walkXml(
    archive,
    rels,
    {
      open(name, attributes) {
        if (name !== 'Relationship' || !attributes.Target || attributes.TargetMode === 'External') return;
        const target = attributes.Target.startsWith('/')
          ? attributes.Target.slice(1)
          : path.posix.join(directory === '.' ? '' : directory, attributes.Target);
        relationships.set(attributes.Id ?? '', { type: attributes.Type ?? '', target });
      },
    },
    notSpreadsheet,
  );
  return relationships;
}

const ofType = (relationship: Relationship | undefined, type: string) =>
  relationship?.type.endsWith(`/${type}`) ? relationship : undefined;

/**
 * The workbook's layout: the package's relationships name the workbook part (xl/workbook.xml
 * as a rule); its `<sheets>` list the sheets in order, each pointing at its part through the
 * workbook's relationships. Chart sheets and other non-worksheets are left out.
 */
export async function readWorkbookLayout(
  archive: Uint8Array,
  part: (name: string) => ZipEntry | undefined,
): Promise<WorkbookLayout> {
  const packageRelationships = [...(await relationshipsOf(archive, part, '')).values()];
  const workbookName =
    packageRelationships.find((relationship) => ofType(relationship, 'officeDocument'))?.target ??
    'xl/workbook.xml';
  const workbook = part(workbookName);
  if (!workbook) throw notSpreadsheet();
  const listed: { name: string; id: string }[] = [];
  let date1904 = false;
  await walkXml(
    archive,
    workbook,
    {
      open(name, attributes) {
        if (name === 'sheet') listed.push({ name: attributes.name ?? '', id: attributes.id ?? '' });
        else if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attributes.date1904 ?? '');
      },
    },
    notSpreadsheet,
  );
  const relationships = await relationshipsOf(archive, part, workbookName);
  const related = (type: string) =>
    [...relationships.values()].find((relationship) => ofType(relationship, type))?.target;
  const partOf = (target: string | undefined) => (target ? part(target) : undefined);
  return {
    sheets: listed
      .filter((sheet) => ofType(relationships.get(sheet.id), 'worksheet'))
      .map((sheet) => ({ name: sheet.name, entry: partOf(relationships.get(sheet.id)!.target) })),
    sharedStrings: partOf(related('sharedStrings')),
    styles: partOf(related('styles')),
    date1904,
  };
}
