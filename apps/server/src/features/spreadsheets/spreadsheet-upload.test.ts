import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPREADSHEET_LIMITS, errorBodySchema } from '@mergeboard/core';
import { seedDemo } from '../../embedded/demo';
import { signedInAs } from '../../testing/sessions';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  get,
  spaceNamed,
  storedCounts,
  upload,
  uploaded,
  type Caller,
} from '../../testing/spreadsheet-test-kit';

/** A CSV of `rows` data rows under a header, 5 columns. */
function csvOfRows(rows: number): string {
  const lines = ['First name,Last name,Email,Company,Note'];
  for (let n = 1; n <= rows; n += 1)
    lines.push(`First${n},Last${n},person${n}@example.com,Company ${n % 97},"Note, ${n}"`);
  return `${lines.join('\n')}\n`;
}

describe('uploading a spreadsheet: refusals, limits and who sees it', () => {
  let t: TestApp;
  let owner: Caller;
  let admin: Caller;
  let member: Caller;
  let outsider: Caller;
  let acmeSales: string;
  let acmeEurope: string;

  beforeAll(async () => {
    t = await createTestApp({ rateLimit: { max: 10_000, timeWindow: '1 minute' } });
    await seedDemo({ db: t.database.db });
    owner = await signedInAs(t, 'owner@acme.example');
    admin = await signedInAs(t, 'admin@acme.example');
    member = await signedInAs(t, 'member@acme.example');
    outsider = await signedInAs(t, 'pat@gmail.com');
    acmeSales = await spaceNamed(t, 'Acme Sales');
    acmeEurope = await spaceNamed(t, 'Acme Europe');
  });
  afterAll(() => t.close());

  /** The refusal a caller reads, after which nothing was written. */
  async function expectRefused(
    file: { name: string; bytes: Uint8Array | string; contentType?: string },
    expected: { status: number; code: string; message: string | RegExp },
  ) {
    const before = await storedCounts(t);
    const res = await upload(t, owner, acmeSales, file);
    expect(res.statusCode, res.body).toBe(expected.status);
    const { error } = errorBodySchema.parse(res.json());
    expect(error.code).toBe(expected.code);
    expect(error.message).toMatch(expected.message);
    expect(await storedCounts(t)).toEqual(before);
  }

  it('refuses an empty file, a file of blank lines and a header without rows', async () => {
    await expectRefused(
      { name: 'empty.csv', bytes: '' },
      { status: 400, code: 'spreadsheet_empty', message: 'The file is empty.' },
    );
    await expectRefused(
      { name: 'blank.csv', bytes: '\r\n\r\n ,, \r\n' },
      { status: 400, code: 'spreadsheet_empty', message: 'The file is empty.' },
    );
    await expectRefused(
      { name: 'header.csv', bytes: 'Name,Email\r\n' },
      { status: 400, code: 'spreadsheet_empty', message: 'The file has a header row but no data rows.' },
    );
  });

  it('refuses a file over 10 MB with 413 while reading it', async () => {
    const bytes = Buffer.alloc(SPREADSHEET_LIMITS.maxBytes + 1, 'a');
    await expectRefused(
      { name: 'huge.csv', bytes },
      { status: 413, code: 'payload_too_large', message: 'Request body is larger than the 10 MB limit' },
    );
  });

  it('refuses a body over 10 MB sent without a length (chunked) as it arrives', async () => {
    const before = await storedCounts(t);
    const megabyte = Buffer.alloc(1024 * 1024, 'a');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/workspaces/${acmeSales}/spreadsheets?filename=huge.csv`,
      headers: { ...owner.headers, 'content-type': 'text/csv' },
      payload: Readable.from(Array.from({ length: 11 }, () => megabyte)),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: { code: 'payload_too_large' } });
    expect(await storedCounts(t)).toEqual(before);
  });

  it('refuses a binary file renamed .csv, and a ZIP archive that is no workbook', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      Buffer.alloc(64, 7),
    ]);
    const notSpreadsheet = {
      status: 415,
      code: 'spreadsheet_not_supported',
      message: 'The file is not a CSV or XLSX spreadsheet.',
    };
    await expectRefused({ name: 'contacts.csv', bytes: png }, notSpreadsheet);
    const controls = Buffer.from(Array.from({ length: 400 }, (_, i) => (i % 3 === 0 ? 0x01 : 0x41)));
    await expectRefused({ name: 'contacts.csv', bytes: controls }, notSpreadsheet);
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('not really a workbook')]);
    await expectRefused({ name: 'contacts.xlsx', bytes: zip }, notSpreadsheet);
  });

  it('refuses a sheet without an e-mail column', async () => {
    await expectRefused(
      { name: 'names.csv', bytes: 'Name,Company\r\nAnn,Acme\r\nBob,Globex\r\n' },
      {
        status: 400,
        code: 'spreadsheet_no_email_column',
        message: 'No column holds e-mail addresses: add a column named Email with one address per row.',
      },
    );
  });

  it('refuses more than 200 columns', async () => {
    const header = ['Email', ...Array.from({ length: 200 }, (_, i) => `Column ${i + 2}`)];
    const row = ['ann@example.com', ...Array.from({ length: 200 }, (_, i) => `v${i}`)];
    await expectRefused(
      { name: 'wide.csv', bytes: `${header.join(',')}\n${row.join(',')}\n` },
      {
        status: 400,
        code: 'spreadsheet_too_many_columns',
        message: "The sheet 'wide' has more than 200 columns.",
      },
    );
  });

  it('takes 50,000 rows in a few seconds, and refuses one row more', async () => {
    await expectRefused(
      { name: 'over.csv', bytes: csvOfRows(SPREADSHEET_LIMITS.maxRows + 1) },
      {
        status: 400,
        code: 'spreadsheet_too_many_rows',
        message: "The sheet 'over' has more than 50,000 rows.",
      },
    );
    const started = performance.now();
    const sheet = await uploaded(t, owner, acmeSales, {
      name: 'limit.csv',
      bytes: csvOfRows(SPREADSHEET_LIMITS.maxRows),
    });
    const seconds = (performance.now() - started) / 1000;
    console.warn(`50,000-row upload on ${t.database.kind}: ${seconds.toFixed(2)} s`);
    expect(seconds).toBeLessThan(15);
    expect(sheet.sheets[0]).toMatchObject({ rowCount: 50_000, emailColumn: 'Email' });
    const analysed = performance.now();
    const recipients = await get(
      t,
      owner,
      `/api/v1/workspaces/${acmeSales}/spreadsheets/${sheet.id}/sheets/0/recipients`,
    );
    console.warn(
      `50,000-row recipients analysis on ${t.database.kind}: ${((performance.now() - analysed) / 1000).toFixed(2)} s`,
    );
    expect(recipients.json().counts).toEqual({
      rows: 50_000,
      valid: 50_000,
      invalid: 0,
      duplicate: 0,
      suppressed: 0,
      copies: { valid: 0, invalid: 0, suppressed: 0 },
      addresses: 50_000,
    });
    const last = await get(
      t,
      owner,
      `/api/v1/workspaces/${acmeSales}/spreadsheets/${sheet.id}/sheets/0/rows/50000`,
    );
    expect(last.json()).toEqual({
      rowNumber: 50_000,
      cells: ['First50000', 'Last50000', 'person50000@example.com', `Company ${50_000 % 97}`, 'Note, 50000'],
    });
  });

  it('refuses a JSON body and a media type that is no file', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/v1/workspaces/${acmeSales}/spreadsheets?filename=a.csv`,
      headers: owner.headers,
      payload: { rows: [] },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({
      error: { code: 'validation_failed', fields: { body: "The body must be the file's bytes" } },
    });
    const image = await upload(t, owner, acmeSales, {
      name: 'a.csv',
      bytes: 'Email\na@b.com',
      contentType: 'image/png',
    });
    expect(image.statusCode).toBe(415);
  });

  it('answers the spreadsheet to its uploader only: another member, an outsider and another space get 404', async () => {
    const sheet = await uploaded(t, owner, acmeSales, {
      name: 'Mine.csv',
      bytes: 'Email,Name\nann@example.com,Ann\n',
    });
    expect(sheet).toMatchObject({
      name: 'Mine',
      source: 'UPLOAD',
      sheets: [{ sheetId: '0', name: 'Mine', rowCount: 1 }],
    });
    const path = (space: string) => `/api/v1/workspaces/${space}/spreadsheets/${sheet.id}`;
    expect((await get(t, owner, path(acmeSales))).json()).toEqual(sheet);
    for (const [caller, space] of [
      [admin, acmeSales],
      [member, acmeSales],
      [outsider, acmeSales],
      [member, acmeEurope],
      [owner, acmeEurope],
    ] as const) {
      for (const url of [
        path(space),
        `${path(space)}/sheets/0/recipients`,
        `${path(space)}/sheets/0/rows/1`,
      ]) {
        const res = await get(t, caller, url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
      }
      const removed = await t.app.inject({ method: 'DELETE', url: path(space), headers: caller.headers });
      expect(removed.statusCode).toBe(404);
    }
    expect((await get(t, owner, path(acmeSales))).statusCode).toBe(200);
  });

  it('deletes a spreadsheet with its sheets and rows', async () => {
    const before = await storedCounts(t);
    const sheet = await uploaded(t, owner, acmeSales, {
      name: 'Gone.csv',
      bytes: 'Email\nann@example.com\nbob@example.com\n',
    });
    const url = `/api/v1/workspaces/${acmeSales}/spreadsheets/${sheet.id}`;
    const removed = await t.app.inject({ method: 'DELETE', url, headers: owner.headers });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await get(t, owner, url)).statusCode).toBe(404);
    expect(await storedCounts(t)).toEqual(before);
  });

  it('answers 404 for a row or sheet the spreadsheet does not have', async () => {
    const sheet = await uploaded(t, owner, acmeSales, {
      name: 'Small.csv',
      bytes: 'Email\nann@example.com\n',
    });
    const base = `/api/v1/workspaces/${acmeSales}/spreadsheets/${sheet.id}`;
    expect((await get(t, owner, `${base}/sheets/0/rows/2`)).json()).toMatchObject({
      error: { code: 'not_found', message: 'The sheet has no row 2 (it has 1)' },
    });
    expect((await get(t, owner, `${base}/sheets/7/rows/1`)).json()).toMatchObject({
      error: { code: 'not_found', message: 'No such sheet in this spreadsheet' },
    });
  });
});
