import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPREADSHEET_LIMITS, errorBodySchema } from '@mergeboard/core';
import { seedDemo } from '../../embedded/demo';
import { signedInAs } from '../../testing/sessions';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { spaceNamed, storedCounts, upload, uploaded, type Caller } from '../../testing/spreadsheet-test-kit';
import { batched, inlineCell, numberedRows, repeated, workbookOf } from '../../testing/xlsx-test-files';

const MAX_CELL = SPREADSHEET_LIMITS.maxCellCharacters;

/** Text that packs about as badly as real text does (a bomb's single letter packs 1,000 to 1). */
function varied(length: number): string {
  let text = '';
  for (let n = 0; text.length < length; n += 1) text += ((n * 2_654_435_761) % 4_294_967_296).toString(36);
  return text.slice(0, length);
}

describe('reading an upload within the limits of RELIABILITY Input (issue 21 finding 2): archive, cells, text', () => {
  let t: TestApp;
  let owner: Caller;
  let space: string;

  beforeAll(async () => {
    t = await createTestApp({ rateLimit: { max: 10_000, timeWindow: '1 minute' } });
    await seedDemo({ db: t.database.db });
    owner = await signedInAs(t, 'owner@acme.example');
    space = await spaceNamed(t, 'Acme Sales');
  });
  afterAll(() => t.close());

  async function expectRefused(
    file: { name: string; bytes: Uint8Array | string },
    expected: { code: string; message: string },
  ) {
    const before = await storedCounts(t);
    const res = await upload(t, owner, space, file);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorBodySchema.parse(res.json()).error).toMatchObject(expected);
    expect(await storedCounts(t)).toEqual(before);
  }

  const cellTooLong = (sheet: string) => ({
    code: 'spreadsheet_cell_too_long',
    message: `The sheet '${sheet}' has a cell longer than 50,000 characters.`,
  });

  it('takes a cell of 50,000 characters and refuses one of 50,001, naming the sheet: shared, inline and CSV', async () => {
    const longest = varied(MAX_CELL);
    const accepted = await uploaded(t, owner, space, {
      name: 'longest.xlsx',
      bytes: await workbookOf({
        sheet: 'Notes',
        rows: () => [
          `<row>${inlineCell('Email')}${inlineCell('Note')}</row>`,
          `<row>${inlineCell('ann@example.com')}<c t="s"><v>0</v></c></row>`,
        ],
        sharedStrings: () => [`<si><t>${longest}</t></si>`],
      }),
    });
    expect(accepted.sheets[0]).toMatchObject({ rowCount: 1 });

    const tooLong = varied(MAX_CELL + 1);
    await expectRefused(
      {
        name: 'shared.xlsx',
        bytes: await workbookOf({
          sheet: 'Notes',
          rows: () => [
            `<row>${inlineCell('Email')}</row>`,
            `<row>${inlineCell('ann@example.com')}<c t="s"><v>0</v></c></row>`,
          ],
          sharedStrings: () => [
            `<si><r><t>${tooLong.slice(0, 10)}</t></r><r><t>${tooLong.slice(10)}</t></r></si>`,
          ],
        }),
      },
      cellTooLong('Notes'),
    );
    await expectRefused(
      {
        name: 'inline.xlsx',
        bytes: await workbookOf({
          sheet: 'Inline',
          rows: () => [
            `<row>${inlineCell('Email')}</row>`,
            `<row>${inlineCell('ann@example.com')}${inlineCell(tooLong)}</row>`,
          ],
        }),
      },
      cellTooLong('Inline'),
    );
    await expectRefused(
      { name: 'notes.csv', bytes: `Email,Note\nann@example.com,${tooLong}\n` },
      cellTooLong('notes'),
    );
  });

  it('refuses a text far past any cell before the parser holds it whole, and more text than 32,000,000 characters', async () => {
    // 2 MB in one shared string no cell shows: refused while it streams in.
    await expectRefused(
      {
        name: 'run.xlsx',
        bytes: await workbookOf({
          rows: () => [`<row>${inlineCell('Email')}</row>`, `<row>${inlineCell('ann@example.com')}</row>`],
          sharedStrings: function* () {
            yield '<si><t>';
            yield* batched(Array.from({ length: 40 }, () => varied(50_000)));
            yield '</t></si>';
          },
        }),
      },
      { code: 'spreadsheet_cell_too_long', message: 'The file has a cell longer than 50,000 characters.' },
    );
    // One shared string of 40,000 characters shown in 1,000 cells: 40 million characters to store.
    await expectRefused(
      {
        name: 'echo.xlsx',
        bytes: await workbookOf({
          rows: function* () {
            yield `<row>${inlineCell('Email')}${inlineCell('Note')}</row>`;
            yield* repeated(`<row>${inlineCell('ann@example.com')}<c t="s"><v>0</v></c></row>`, 1_000);
          },
          sharedStrings: () => [`<si><t>${varied(40_000)}</t></si>`],
        }),
      },
      { code: 'spreadsheet_too_large', message: 'The file holds more than 32,000,000 characters of text.' },
    );
  });

  it('refuses by the central directory, before unpacking: a part packed over 100 to 1, over 1,000 parts', async () => {
    // 60 MB of one repeated row: under the 100 MB in all, but packed some 300 to 1.
    await expectRefused(
      {
        name: 'tight.xlsx',
        bytes: await workbookOf({
          rows: function* () {
            yield `<row>${inlineCell('Email')}</row>`;
            yield* repeated(`<row>${inlineCell('same@example.com')}</row>`, 1_000_000);
          },
        }),
      },
      { code: 'spreadsheet_too_large', message: 'The file unpacks to more than 100 times its size.' },
    );
    await expectRefused(
      {
        name: 'parts.xlsx',
        bytes: await workbookOf({
          rows: () => [`<row>${inlineCell('Email')}</row>`, `<row>${inlineCell('ann@example.com')}</row>`],
          extraParts: Array.from({ length: SPREADSHEET_LIMITS.maxArchiveEntries }, (_, n) => ({
            name: `xl/media/image${n}.png`,
            chunks: () => ['x'],
          })),
        }),
      },
      { code: 'spreadsheet_too_large', message: 'The file holds more than 1,000 parts.' },
    );
  });

  it('holds each part to the size its directory claims: a sheet claiming 1 KB that unpacks to 2 MB is refused', async () => {
    const res = await upload(t, owner, space, {
      name: 'liar.xlsx',
      bytes: await workbookOf({
        rows: () => batched(numberedRows(30_000, (n) => `p${n}@example.com`)),
        claimedSizes: { 'xl/worksheets/sheet1.xml': 1024 },
      }),
    });
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json()).toMatchObject({
      error: {
        code: 'spreadsheet_not_supported',
        message: 'The file is damaged: a part of it unpacks to more than the file says.',
      },
    });
  });

  it('refuses a non-blank cell past column 200 as it streams, and reads blank ones there as nothing', async () => {
    await expectRefused(
      {
        name: 'far.xlsx',
        bytes: await workbookOf({
          sheet: 'Far',
          rows: () => [
            `<row r="1">${inlineCell('Email')}</row>`,
            `<row r="2">${inlineCell('ann@example.com')}<c r="GS2" t="inlineStr"><is><t>x</t></is></c></row>`,
          ],
        }),
      },
      { code: 'spreadsheet_too_many_columns', message: "The sheet 'Far' has more than 200 columns." },
    );
    const sheet = await uploaded(t, owner, space, {
      name: 'styled.xlsx',
      bytes: await workbookOf({
        rows: () => [
          `<row r="1">${inlineCell('Email')}<c r="XFD1" s="0"/></row>`,
          `<row r="2">${inlineCell('ann@example.com')}<c r="GS2" t="inlineStr"><is><t> </t></is></c></row>`,
        ],
      }),
    });
    expect(sheet.sheets[0]).toMatchObject({ header: ['Email'], rowCount: 1 });
  });
});

describe('the files Excel is not the only one to write (issue 21 finding 2: the streaming reader keeps what exceljs read)', () => {
  let t: TestApp;
  let owner: Caller;
  let space: string;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo({ db: t.database.db });
    owner = await signedInAs(t, 'owner@acme.example');
    space = await spaceNamed(t, 'Acme Sales');
  });
  afterAll(() => t.close());

  async function rowsOf(bytes: Buffer): Promise<string[][]> {
    const sheet = await uploaded(t, owner, space, { name: 'written.xlsx', bytes });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/workspaces/${space}/spreadsheets/${sheet.id}/sheets/0/rows/1`,
      headers: owner.headers,
    });
    return [sheet.sheets[0]!.header, (res.json() as { cells: string[] }).cells];
  }

  it('reads cells without references, booleans, errors, ISO dates, phonetic guides and the 1904 date system', async () => {
    const bytes = await workbookOf({
      date1904: true,
      styles: {
        numFmts:
          '<numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="[[[bad"/>',
        cellXfs: '<xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="4"/><xf numFmtId="165"/>',
      },
      rows: () => [
        `<row>${['Email', 'Active', 'Error', 'Iso', 'Born', 'Amount', 'Odd', 'Name'].map(inlineCell).join('')}</row>`,
        '<row><c t="inlineStr"><is><t>ann@example.com</t></is></c><c t="b"><v>1</v></c><c t="e"><v>#N/A</v></c>' +
          '<c t="d"><v>2026-01-15T00:00:00Z</v></c><c s="1"><v>44575</v></c><c s="2"><v>1234.5</v></c>' +
          '<c s="3"><v>7</v></c><c t="inlineStr"><is><r><t>Yamada </t></r><r><t>Taro</t></r>' +
          '<rPh sb="0" eb="2"><t>ヤマダ</t></rPh></is></c></row>',
      ],
    });
    expect(await rowsOf(bytes)).toEqual([
      ['Email', 'Active', 'Error', 'Iso', 'Born', 'Amount', 'Odd', 'Name'],
      ['ann@example.com', 'TRUE', '#N/A', '2026-01-15', '15/01/2026', '1,234.50', '7', 'Yamada Taro'],
    ]);
  });
});
