import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * XLSX files written by hand for the reader's tests: the smallest workbook Excel opens, and the
 * bombs of issue 21. The parts are deflated as a stream, so a part of hundreds of megabytes is
 * never held whole here either.
 */

/** One file of the archive: its chunks, and optionally the uncompressed size its directory claims. */
interface ZipPart {
  name: string;
  chunks: () => Iterable<string>;
  claimedSize?: number;
}

interface Deflated {
  name: Buffer;
  data: Buffer;
  crc: number;
  size: number;
  claimedSize: number;
}

async function deflate(part: ZipPart): Promise<Deflated> {
  const deflater = createDeflateRaw({ level: 9 });
  const output: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => output.push(chunk));
  const ended = new Promise((resolve, reject) => deflater.on('end', resolve).on('error', reject));
  let crc = 0;
  let size = 0;
  for (const text of part.chunks()) {
    const bytes = Buffer.from(text, 'utf8');
    crc = crc32(bytes, crc);
    size += bytes.length;
    // Waits for the deflater to take the chunk, so no more than one is buffered.
    if (!deflater.write(bytes)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await ended;
  return {
    name: Buffer.from(part.name, 'utf8'),
    data: Buffer.concat(output),
    crc,
    size,
    claimedSize: part.claimedSize ?? size,
  };
}

function binaryHeader(fields: [bytes: 2 | 4, value: number][]): Buffer {
  const buffer = Buffer.alloc(fields.reduce((sum, [bytes]) => sum + bytes, 0));
  let offset = 0;
  for (const [bytes, value] of fields) {
    if (bytes === 2) buffer.writeUInt16LE(value, offset);
    else buffer.writeUInt32LE(value, offset);
    offset += bytes;
  }
  return buffer;
}

/** A ZIP archive of the parts, deflated, with its central directory. */
async function zipOf(parts: ZipPart[]): Promise<Buffer> {
  const deflated = await Promise.all(parts.map(deflate));
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of deflated) {
    // version, flags, method 8 (deflate), time, date, crc, sizes, name length, extra length
    const common: [2 | 4, number][] = [
      [2, 20],
      [2, 0],
      [2, 8],
      [2, 0],
      [2, 0x21],
      [4, part.crc],
      [4, part.data.length],
      [4, part.claimedSize],
      [2, part.name.length],
      [2, 0],
    ];
    const local = Buffer.concat([binaryHeader([[4, 0x04034b50], ...common]), part.name, part.data]);
    const central = Buffer.concat([
      binaryHeader([[4, 0x02014b50], [2, 20], ...common, [2, 0], [2, 0], [2, 0], [4, 0], [4, offset]]),
      part.name,
    ]);
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const end = binaryHeader([
    [4, 0x06054b50],
    [2, 0],
    [2, 0],
    [2, parts.length],
    [2, parts.length],
    [4, directory.length],
    [4, offset],
    [2, 0],
  ]);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** What a test workbook holds besides its one sheet's rows. */
interface WorkbookOptions {
  sheet?: string;
  /** The `<row>` elements of the sheet, in chunks. */
  rows: () => Iterable<string>;
  /** The `<si>` elements of a shared-strings part. */
  sharedStrings?: () => Iterable<string>;
  /** The `<numFmt>`s and the `<xf>`s of `<cellXfs>` of a styles part. */
  styles?: { numFmts?: string; cellXfs: string };
  date1904?: boolean;
  /** More parts, as they are. */
  extraParts?: ZipPart[];
  /** The uncompressed size the central directory claims, by part name (a lying directory). */
  claimedSizes?: Record<string, number>;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${body}`;
const relationship = (id: string, type: string, target: string) =>
  `<Relationship Id="${id}" Type="${RELATIONSHIPS}/${type}" Target="${target}"/>`;

/** A workbook of one sheet, as the smallest XLSX Excel opens, with the options' parts. */
export function workbookOf(options: WorkbookOptions): Promise<Buffer> {
  const { sharedStrings, styles } = options;
  const parts: ZipPart[] = [
    {
      name: '[Content_Types].xml',
      chunks: () => [
        xml(
          '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
            '<Default Extension="xml" ContentType="application/xml"/></Types>',
        ),
      ],
    },
    {
      name: '_rels/.rels',
      chunks: () => [
        xml(
          `<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
            `${relationship('rId1', 'officeDocument', 'xl/workbook.xml')}</Relationships>`,
        ),
      ],
    },
    {
      name: 'xl/workbook.xml',
      chunks: () => [
        xml(
          `<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
            (options.date1904 ? '<workbookPr date1904="1"/>' : '') +
            `<sheets><sheet name="${options.sheet ?? 'Sheet1'}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
        ),
      ],
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      chunks: () => [
        xml(
          `<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
            relationship('rId1', 'worksheet', 'worksheets/sheet1.xml') +
            (sharedStrings ? relationship('rId2', 'sharedStrings', 'sharedStrings.xml') : '') +
            (styles ? relationship('rId3', 'styles', 'styles.xml') : '') +
            '</Relationships>',
        ),
      ],
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      chunks: function* () {
        yield xml(`<worksheet xmlns="${MAIN}"><sheetData>`);
        yield* options.rows();
        yield '</sheetData></worksheet>';
      },
    },
    ...(sharedStrings
      ? [
          {
            name: 'xl/sharedStrings.xml',
            chunks: function* () {
              yield xml(`<sst xmlns="${MAIN}">`);
              yield* sharedStrings();
              yield '</sst>';
            },
          },
        ]
      : []),
    ...(styles
      ? [
          {
            name: 'xl/styles.xml',
            chunks: () => [
              xml(
                `<styleSheet xmlns="${MAIN}"><numFmts>${styles.numFmts ?? ''}</numFmts>` +
                  `<cellXfs>${styles.cellXfs}</cellXfs></styleSheet>`,
              ),
            ],
          },
        ]
      : []),
    ...(options.extraParts ?? []),
  ];
  const claimed = options.claimedSizes ?? {};
  return zipOf(
    parts.map((part) => (part.name in claimed ? { ...part, claimedSize: claimed[part.name] } : part)),
  );
}

/** An inline-string cell. */
export const inlineCell = (text: string) => `<c t="inlineStr"><is><t>${text}</t></is></c>`;

/** The texts joined into chunks of about a megabyte: one chunk per row would make building slow. */
export function* batched(texts: Iterable<string>): Generator<string> {
  let chunk = '';
  for (const text of texts) {
    chunk += text;
    if (chunk.length >= 1024 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** Rows 2 to count + 1 of one inline-string cell each, numbered, below a header row 'Email'. */
export function* numberedRows(count: number, textOf: (n: number) => string): Generator<string> {
  yield `<row r="1">${inlineCell('Email')}</row>`;
  for (let n = 1; n <= count; n += 1) yield `<row r="${n + 1}">${inlineCell(textOf(n))}</row>`;
}

/** `count` copies of `text`, in chunks of about a megabyte. */
export function* repeated(text: string, count: number): Generator<string> {
  const perChunk = Math.max(1, Math.floor((1024 * 1024) / text.length));
  for (let done = 0; done < count; done += perChunk) yield text.repeat(Math.min(perChunk, count - done));
}

const headerRow = `<row>${inlineCell('Email')}</row>`;

/**
 * Bomb 1 of issue 21: a sheet of the same row over and over, about 700 KB packed and 240 MB
 * unpacked (deflate packs this text about 340 to 1).
 */
export function rowsBomb(): Promise<Buffer> {
  const row = `<row>${inlineCell('same@example.com')}</row>`;
  return workbookOf({
    rows: function* () {
      yield headerRow;
      yield* repeated(row, 3_750_000);
    },
  });
}

/** Bomb 2 of issue 21: one cell of 400 MB of the same character (about 400 KB packed), a shared string. */
export function cellBomb(): Promise<Buffer> {
  return workbookOf({
    rows: () => [headerRow, `<row>${inlineCell('ann@example.com')}<c t="s"><v>0</v></c></row>`],
    sharedStrings: function* () {
      yield '<si><t>';
      yield* repeated('a', 400 * 1024 * 1024);
      yield '</t></si>';
    },
  });
}
