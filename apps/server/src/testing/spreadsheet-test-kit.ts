import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { XLSX_MEDIA_TYPE } from '@mergeboard/core';
import { users, workspaces } from '../db/schema';
import type { TestApp } from './test-app';

export type Caller = { headers: { authorization: string } };

/** The sample spreadsheets a newcomer sends (samples/ at the top of the repository). */
export function sampleFile(name: string): Buffer {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
  return readFileSync(path.join(root, 'samples', name));
}

const mediaTypeOf = (filename: string) => (filename.endsWith('.xlsx') ? XLSX_MEDIA_TYPE : 'text/csv');

/** POST the file's bytes as the web app does. */
export function upload(
  t: TestApp,
  caller: Caller,
  spaceId: string,
  file: { name: string; bytes: Uint8Array | string; contentType?: string },
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/workspaces/${spaceId}/spreadsheets?filename=${encodeURIComponent(file.name)}`,
    headers: { ...caller.headers, 'content-type': file.contentType ?? mediaTypeOf(file.name) },
    payload: typeof file.bytes === 'string' ? Buffer.from(file.bytes, 'utf8') : Buffer.from(file.bytes),
  });
}

/** Uploads a file that must be accepted; answers the spreadsheet. */
export async function uploaded(
  t: TestApp,
  caller: Caller,
  spaceId: string,
  file: { name: string; bytes: Uint8Array | string; contentType?: string },
) {
  const res = await upload(t, caller, spaceId, file);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    id: string;
    name: string;
    source: string;
    sheets: {
      sheetId: string;
      name: string;
      header: string[];
      rowCount: number;
      emailColumn: string | null;
    }[];
  };
}

/** GET a call of the feature as the caller. */
export function get(t: TestApp, caller: Caller, url: string) {
  return t.app.inject({ method: 'GET', url, headers: caller.headers });
}

/** Every data row a sheet was stored with, as the caller's GET of each row would show. */
export async function storedRows(
  t: TestApp,
  caller: Caller,
  spaceId: string,
  spreadsheetId: string,
  sheetId: string,
  count: number,
) {
  const rows: string[][] = [];
  for (let n = 1; n <= count; n += 1) {
    const res = await get(
      t,
      caller,
      `/api/v1/workspaces/${spaceId}/spreadsheets/${spreadsheetId}/sheets/${sheetId}/rows/${n}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    rows.push((res.json() as { cells: string[] }).cells);
  }
  return rows;
}

/** How many spreadsheets, sheets and rows the database holds: a refusal must leave these alone. */
export async function storedCounts(t: TestApp) {
  const result = await t.database.execute(
    'SELECT (SELECT count(*) FROM spreadsheets)::int AS spreadsheets, (SELECT count(*) FROM spreadsheet_sheets)::int AS sheets, (SELECT count(*) FROM spreadsheet_rows)::int AS rows',
  );
  return result.rows[0] as { spreadsheets: number; sheets: number; rows: number };
}

export async function spaceNamed(t: TestApp, name: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.name, name));
  return row!.id;
}

export async function userIdOf(t: TestApp, email: string): Promise<string> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}
