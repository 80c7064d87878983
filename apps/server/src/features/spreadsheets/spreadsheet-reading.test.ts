import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../embedded/demo';
import { signedInAs } from '../../testing/sessions';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { spaceNamed, storedRows, uploaded, type Caller } from '../../testing/spreadsheet-test-kit';

/** Windows-1252 bytes of a text made of ASCII, é, ü and € (0xE9, 0xFC, 0x80). */
function windows1252(text: string): Buffer {
  const special: Record<string, number> = { é: 0xe9, ü: 0xfc, '€': 0x80, É: 0xc9 };
  return Buffer.from([...text].map((character) => special[character] ?? character.charCodeAt(0)));
}

/** A workbook as Excel saves it: formulas with their cached results, formats, several sheets. */
async function awkwardWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const people = workbook.addWorksheet('People');
  people.addRow(['Name', 'Contact', 'Amount', 'Double', 'Joined', 'Share', 'Active', 'Plain']);
  const rows: [string, string, number, Date, number, boolean, number][] = [
    ['Ann', 'ann', 1234.5, new Date(Date.UTC(2026, 0, 15)), 0.256, true, 0.1 + 0.2],
    ['Bob', 'bob', 7, new Date(Date.UTC(2025, 11, 31)), 1, false, 42],
  ];
  rows.forEach(([name, user, amount, joined, share, active, plain]) => {
    const row = people.addRow([name, null, amount, null, joined, share, active, plain]);
    const n = row.number;
    row.getCell(2).value = { formula: `LOWER(A${n})&"@example.com"`, result: `${user}@example.com` };
    row.getCell(3).numFmt = '#,##0.00';
    row.getCell(4).value = { formula: `C${n}*2`, result: amount * 2 };
    row.getCell(4).numFmt = '0.0';
    row.getCell(5).numFmt = 'dd/mm/yyyy';
    row.getCell(6).numFmt = '0%';
  });
  const links = workbook.addWorksheet('Links');
  links.addRow(['E-mail', 'Site', 'Note']);
  links.addRow([
    'cy@example.com',
    { text: 'Example', hyperlink: 'https://example.com' },
    {
      richText: [{ text: 'Bold ', font: { bold: true } }, { text: 'and plain' }],
    },
  ]);
  links.addRow(['di@example.com', 'merged', '']);
  links.mergeCells('B3:C3');
  workbook.addWorksheet('Empty');
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('reading awkward spreadsheets as they are shown', () => {
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

  const rowsOf = async (
    spreadsheet: { id: string; sheets: { sheetId: string; rowCount: number }[] },
    index = 0,
  ) =>
    storedRows(
      t,
      owner,
      space,
      spreadsheet.id,
      spreadsheet.sheets[index]!.sheetId,
      spreadsheet.sheets[index]!.rowCount,
    );

  it('reads a UTF-8 BOM, semicolons and quoted fields with line breaks (Excel in Europe)', async () => {
    const csv =
      '\uFEFFVorname;E-Mail-Adresse;Notiz\r\nJürgen;juergen@example.de;"Zeile 1\r\nZeile 2; mit ""Zitat"""\r\nMüller, Hans;hans@example.de;ok\r\n';
    const sheet = await uploaded(t, owner, space, { name: 'Kontakte.csv', bytes: csv });
    expect(sheet.sheets).toEqual([
      {
        sheetId: '0',
        name: 'Kontakte',
        header: ['Vorname', 'E-Mail-Adresse', 'Notiz'],
        rowCount: 2,
        emailColumn: 'E-Mail-Adresse',
      },
    ]);
    expect(await rowsOf(sheet)).toEqual([
      ['Jürgen', 'juergen@example.de', 'Zeile 1\r\nZeile 2; mit "Zitat"'],
      ['Müller, Hans', 'hans@example.de', 'ok'],
    ]);
  });

  it('reads Windows-1252 text (é, ü, €) when the bytes are not UTF-8', async () => {
    const bytes = windows1252(
      'Name,Email,Note\r\nRené Müller,rene@example.fr,Prix 5 €\r\nÉlodie,elodie@example.fr,\r\n',
    );
    const sheet = await uploaded(t, owner, space, { name: 'clients.csv', bytes });
    expect(sheet.sheets[0]!.header).toEqual(['Name', 'Email', 'Note']);
    expect(await rowsOf(sheet)).toEqual([
      ['René Müller', 'rene@example.fr', 'Prix 5 €'],
      ['Élodie', 'elodie@example.fr', ''],
    ]);
  });

  it("reads tab-separated UTF-16 text (Excel's Unicode text) and names blank or repeated headers", async () => {
    const text = 'Email\t\tName\tName\r\nann@example.com\tx\tAnn\tA.\r\n';
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const sheet = await uploaded(t, owner, space, {
      name: 'export.txt',
      bytes,
      contentType: 'application/octet-stream',
    });
    expect(sheet.sheets[0]!.header).toEqual(['Email', 'Column B', 'Name', 'Name (2)']);
    expect(await rowsOf(sheet)).toEqual([['ann@example.com', 'x', 'Ann', 'A.']]);
  });

  it('skips blank rows, pads short rows and detects the e-mail column by its values', async () => {
    const csv = 'Who,Reach\r\nAnn,ann@example.com\r\n,,\r\n\r\nBob\r\nCy,cy@example.com\r\n';
    const sheet = await uploaded(t, owner, space, { name: 'loose.csv', bytes: csv });
    expect(sheet.sheets[0]).toMatchObject({ rowCount: 3, emailColumn: 'Reach' });
    expect(await rowsOf(sheet)).toEqual([
      ['Ann', 'ann@example.com'],
      ['Bob', ''],
      ['Cy', 'cy@example.com'],
    ]);
  });

  it('reads every sheet of an XLSX file: formula results, numbers and dates as shown, links, rich text, merged cells', async () => {
    const sheet = await uploaded(t, owner, space, { name: 'Awkward.xlsx', bytes: await awkwardWorkbook() });
    expect(sheet).toMatchObject({ name: 'Awkward', source: 'UPLOAD' });
    expect(sheet.sheets).toEqual([
      {
        sheetId: '0',
        name: 'People',
        header: ['Name', 'Contact', 'Amount', 'Double', 'Joined', 'Share', 'Active', 'Plain'],
        rowCount: 2,
        emailColumn: 'Contact',
      },
      { sheetId: '1', name: 'Links', header: ['E-mail', 'Site', 'Note'], rowCount: 2, emailColumn: 'E-mail' },
    ]);
    expect(await rowsOf(sheet, 0)).toEqual([
      ['Ann', 'ann@example.com', '1,234.50', '2469.0', '15/01/2026', '26%', 'TRUE', '0.3'],
      ['Bob', 'bob@example.com', '7.00', '14.0', '31/12/2025', '100%', 'FALSE', '42'],
    ]);
    expect(await rowsOf(sheet, 1)).toEqual([
      ['cy@example.com', 'Example', 'Bold and plain'],
      ['di@example.com', 'merged', ''],
    ]);
  });

  it('reads the sample XLSX like the sample CSV: the formula column and dates as shown', async () => {
    const { sampleFile } = await import('../../testing/spreadsheet-test-kit');
    const fromCsv = await uploaded(t, owner, space, {
      name: 'contacts.csv',
      bytes: sampleFile('contacts.csv'),
    });
    const fromXlsx = await uploaded(t, owner, space, {
      name: 'contacts.xlsx',
      bytes: sampleFile('contacts.xlsx'),
    });
    expect(fromXlsx.sheets[0]!.header).toEqual(fromCsv.sheets[0]!.header);
    const csvRows = await rowsOf(fromCsv);
    expect(await rowsOf(fromXlsx)).toEqual(csvRows);
    expect(csvRows[0]).toEqual([
      'Ada',
      'Lovelace',
      'ada.lovelace@example.com',
      'Analytical Engines',
      'Ada Lovelace',
      '1 Jan 2026',
    ]);
  });
});
