import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHEETS_READONLY_SCOPE, authSessionSchema, errorBodySchema } from '@mergeboard/core';
import { createFakeGoogle } from '../../testing/fake-google';
import { TestBrowser } from '../../testing/http-client';
import { createListeningTestApp } from '../../testing/listening-app';
import { signedInAs } from '../../testing/sessions';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedDemo } from '../../embedded/demo';
import { spaceNamed, storedCounts, storedRows, type Caller } from '../../testing/spreadsheet-test-kit';

const CLIENT_ID = 'client-123.apps.googleusercontent.example';
const CLIENT_SECRET = 'google-secret';
const SHEET_URL = (id: string) => `https://docs.google.com/spreadsheets/d/${id}/edit#gid=0`;

/**
 * Linking a Google Sheet with Google sign-in configured, over real HTTP: the sign-in asks for the
 * spreadsheets.readonly scope incrementally and keeps the grant; the sheet is read through the
 * Sheets API (spreadsheets.get, values.get with FORMATTED_VALUE). Google is stood in for at the edge.
 */
describe('linking a Google Sheet (Google stood in for at the edge)', () => {
  let t: TestApp & { baseUrl: string };
  let google: Awaited<ReturnType<typeof createFakeGoogle>>;
  let acmeSales: string;
  const person = { sub: 'g-owner', email: 'owner@acme.example' };

  beforeAll(async () => {
    google = await createFakeGoogle(CLIENT_ID, CLIENT_SECRET);
    t = await createListeningTestApp({
      env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET },
      providerFetch: google.fetch,
    });
    await seedDemo({ db: t.database.db });
    acmeSales = await spaceNamed(t, 'Acme Sales');
    google.sheetsApi.files.set('1LeadsSheet', {
      title: 'Leads 2026',
      readers: [person.sub],
      sheets: [
        {
          sheetId: 0,
          title: 'Leads',
          values: [
            ['Name', 'Email', 'Signed up', 'Amount'],
            ['Ann', 'ann@example.com', '15/01/2026', '1,234.50'],
            ['Bob', 'not an address', '31/12/2025', '7.00'],
            ['', '', '', ''],
          ],
        },
        { sheetId: 1234, title: "Q1 'EU'", values: [['E-mail'], ['cy@example.com']] },
        { sheetId: 99, title: 'Notes', values: [] },
      ],
    });
    google.sheetsApi.files.set('1NoEmails', {
      title: 'Names',
      readers: [person.sub],
      sheets: [{ sheetId: 0, title: 'Sheet1', values: [['Name'], ['Ann']] }],
    });
    google.sheetsApi.files.set('1Closed', { title: 'Private', readers: ['someone-else'], sheets: [] });
  });
  afterAll(() => t.close());

  /** The web app's incremental sign-in (`query`: compose=1 or sheets=1), consent given at Google. */
  async function signIn(query: string) {
    const browser = new TestBrowser(t.baseUrl);
    const start = await browser.fetch(`/api/v1/auth/authorize?${query}`);
    expect(start.status).toBe(302);
    const location = new URL(start.headers.get('location')!);
    const res = await browser.fetch('/api/v1/auth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(google.approve(location.href, person)),
    });
    expect(res.status).toBe(200);
    const session = authSessionSchema.parse(await res.json());
    return { caller: { headers: { authorization: `Bearer ${session.accessToken}` } } as Caller, location };
  }

  const link = (caller: Caller, url: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/workspaces/${acmeSales}/spreadsheets/google`,
      headers: caller.headers,
      payload: { url },
    });

  it('asks for the Sheets scope only with sheets=1, with offline access; a grant without it is asked for', async () => {
    const { caller, location } = await signIn('compose=1');
    expect(location.searchParams.get('scope')).not.toContain(SHEETS_READONLY_SCOPE);
    const before = await storedCounts(t);
    const res = await link(caller, SHEET_URL('1LeadsSheet'));
    expect(res.statusCode).toBe(403);
    expect(errorBodySchema.parse(res.json()).error).toEqual({
      code: 'sheets_permission_required',
      message:
        'Permission to read your Google Sheets has not been granted: allow it through GET /api/v1/auth/authorize?sheets=1, then link the sheet again',
    });
    expect(await storedCounts(t)).toEqual(before);
  });

  it('links the sheet: every sheet with data, values as Sheets shows them (FORMATTED_VALUE), a stable sheet id', async () => {
    const { caller, location } = await signIn('sheets=1');
    expect(location.searchParams.get('scope')?.split(' ')).toContain(SHEETS_READONLY_SCOPE);
    expect(location.searchParams.get('access_type')).toBe('offline');
    expect(location.searchParams.get('include_granted_scopes')).toBe('true');
    google.sheetsApi.requests.length = 0;
    const res = await link(caller, SHEET_URL('1LeadsSheet'));
    expect(res.statusCode, res.body).toBe(201);
    const spreadsheet = res.json();
    expect(spreadsheet).toMatchObject({ name: 'Leads 2026', source: 'GOOGLE_SHEETS' });
    expect(spreadsheet.sheets).toEqual([
      {
        sheetId: '0',
        name: 'Leads',
        header: ['Name', 'Email', 'Signed up', 'Amount'],
        rowCount: 2,
        emailColumn: 'Email',
      },
      { sheetId: '1234', name: "Q1 'EU'", header: ['E-mail'], rowCount: 1, emailColumn: 'E-mail' },
    ]);
    expect(await storedRows(t, caller, acmeSales, spreadsheet.id, '0', 2)).toEqual([
      ['Ann', 'ann@example.com', '15/01/2026', '1,234.50'],
      ['Bob', 'not an address', '31/12/2025', '7.00'],
    ]);
    const valueReads = google.sheetsApi.requests.filter((request) => request.url.includes('/values/'));
    expect(valueReads).toHaveLength(3);
    for (const read of valueReads) {
      expect(new URL(read.url).searchParams.get('valueRenderOption')).toBe('FORMATTED_VALUE');
    }
    const recipients = await t.app.inject({
      method: 'GET',
      url: `/api/v1/workspaces/${acmeSales}/spreadsheets/${spreadsheet.id}/sheets/0/recipients`,
      headers: caller.headers,
    });
    expect(recipients.json().counts).toMatchObject({
      rows: 2,
      valid: 1,
      invalid: 1,
      duplicate: 0,
      suppressed: 0,
    });
  });

  it('refreshes an expired access token and reads on', async () => {
    const { caller } = await signIn('sheets=1');
    google.expireAccessTokens();
    const res = await link(caller, SHEET_URL('1LeadsSheet'));
    expect(res.statusCode, res.body).toBe(201);
    expect(google.tokenEndpoint.grants).toContain('refresh_token');
  });

  it('refuses a sheet the person cannot open, one that does not exist, and one without an e-mail column; nothing written', async () => {
    const { caller } = await signIn('sheets=1');
    const before = await storedCounts(t);
    for (const id of ['1Closed', '1Missing']) {
      const res = await link(caller, SHEET_URL(id));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        error: {
          code: 'not_found',
          message: 'This Google Sheet does not exist, or your Google account cannot open it',
        },
      });
    }
    const noEmails = await link(caller, SHEET_URL('1NoEmails'));
    expect(noEmails.statusCode).toBe(400);
    expect(noEmails.json()).toMatchObject({ error: { code: 'spreadsheet_no_email_column' } });
    const notASheet = await link(caller, 'https://example.com/sheet');
    expect(notASheet.statusCode).toBe(400);
    expect(notASheet.json()).toMatchObject({
      error: { code: 'validation_failed', fields: { 'body.url': 'url must be the link of a Google Sheet' } },
    });
    expect(await storedCounts(t)).toEqual(before);
  });
});

describe('linking a Google Sheet without Google sign-in configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo({ db: t.database.db });
  });
  afterAll(() => t.close());

  it('answers 400 google_not_configured and points to an upload', async () => {
    const owner = await signedInAs(t, 'owner@acme.example');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/workspaces/${await spaceNamed(t, 'Acme Sales')}/spreadsheets/google`,
      headers: owner.headers,
      payload: { url: SHEET_URL('1LeadsSheet') },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'google_not_configured',
        message:
          'Google Sheets can be linked only when this server signs in with Google; upload a CSV or XLSX file instead',
      },
    });
  });
});
