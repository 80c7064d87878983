import { z } from 'zod';
import { authorize, type Spreadsheet } from '@mergeboard/core';
import type { AppContext } from '../../app-context';
import { AppError } from '../../http/app-error';
import {
  callWithGrant,
  ComposeGrantLost,
  GoogleUnavailable,
  googleAccessFor,
  refusalReasons,
  type GoogleAccess,
} from '../auth';
import { usableSheets } from './spreadsheet-file';
import { storeSpreadsheet, type Owner } from './spreadsheet-service';

const SHEETS_API_URL = 'https://sheets.googleapis.com/v4/spreadsheets';
const SHEETS_TIMEOUT_MS = 20_000;
/** Reasons Google gives with a 403 when the token lacks the scope (not when the file is closed to the person). */
const SCOPE_REASONS = new Set(['insufficientPermissions', 'ACCESS_TOKEN_SCOPE_INSUFFICIENT']);

const spreadsheetAnswer = z.object({
  properties: z.object({ title: z.string() }),
  sheets: z.array(z.object({ properties: z.object({ sheetId: z.number().int(), title: z.string() }) })),
});
const valuesAnswer = z.object({ values: z.array(z.array(z.unknown())).optional() });

function sheetsPermissionRequired(): AppError {
  return new AppError(
    'sheets_permission_required',
    `Permission to read your Google Sheets has not been granted: allow it through GET ${authorize.path}?sheets=1, then link the sheet again`,
  );
}

const sheetsUnavailable = (why: string) =>
  new AppError('provider_unavailable', `The Google Sheet could not be read: ${why}; try again later`);
const sheetNotOpen = () =>
  new AppError('not_found', 'This Google Sheet does not exist, or your Google account cannot open it');

/** The Google spreadsheet id in a sheet's link (…/spreadsheets/d/{id}/edit#gid=0). */
function googleSpreadsheetId(url: string): string {
  return /\/spreadsheets\/d\/([A-Za-z0-9_-]+)/.exec(url)![1]!;
}

/**
 * A GET of the Sheets API with the person's grant: a refused token is refreshed once; refused
 * again, the grant is forgotten. A 403 for want of the scope asks for it; any other 403 or a 404
 * means the person cannot open this sheet.
 */
function sheetsReader(access: GoogleAccess) {
  const get = async (url: string, token: string) => {
    try {
      return await access.fetch(url, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(SHEETS_TIMEOUT_MS),
      });
    } catch {
      throw sheetsUnavailable('Google could not be reached');
    }
  };
  return async (url: string): Promise<unknown> => {
    const response = await callWithGrant(access, (token) => get(url, token));
    if (response.status === 403) {
      const reasons = await refusalReasons(response);
      throw reasons.some((reason) => SCOPE_REASONS.has(reason)) ? sheetsPermissionRequired() : sheetNotOpen();
    }
    if (response.status === 404) throw sheetNotOpen();
    if (!response.ok) {
      await response.body?.cancel();
      throw sheetsUnavailable(`Google answered HTTP ${response.status}`);
    }
    return response.json().catch(() => null);
  };
}

/** A sheet's title as an A1 range: quoted, its quotes doubled. */
const rangeOf = (title: string) => encodeURIComponent(`'${title.replaceAll("'", "''")}'`);

/** The values as shown in Google Sheets (FORMATTED_VALUE): formulas' results, dates and numbers formatted. */
const cellText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * Links a Google Sheet as the caller's spreadsheet: its sheets (spreadsheets.get) and each
 * sheet's values as shown (values.get, FORMATTED_VALUE), read with the caller's Google grant, then
 * checked and stored as an upload is. Only with Google sign-in configured; the grant must include
 * the spreadsheets.readonly scope, asked incrementally (authorize with sheets=1).
 */
export async function linkGoogleSpreadsheet(
  context: Pick<AppContext, 'config' | 'database' | 'signIn' | 'tokens'>,
  options: { owner: Owner; identity: { id: string }; url: string },
): Promise<Spreadsheet> {
  if (context.config.signIn.provider !== 'google') {
    throw new AppError(
      'google_not_configured',
      'Google Sheets can be linked only when this server signs in with Google; upload a CSV or XLSX file instead',
    );
  }
  const externalId = googleSpreadsheetId(options.url);
  const access = googleAccessFor(
    { db: context.database.db, keys: context.tokens, signIn: context.signIn },
    options.identity.id,
  );
  const read = sheetsReader(access);
  try {
    const base = `${SHEETS_API_URL}/${encodeURIComponent(externalId)}`;
    const found = spreadsheetAnswer.safeParse(
      await read(`${base}?fields=properties.title,sheets.properties`),
    );
    if (!found.success) throw sheetsUnavailable('Google answered without the sheets');
    const raws = [];
    for (const { properties } of found.data.sheets) {
      const values = valuesAnswer.safeParse(
        await read(`${base}/values/${rangeOf(properties.title)}?valueRenderOption=FORMATTED_VALUE`),
      );
      if (!values.success) throw sheetsUnavailable('Google answered without the values');
      raws.push({ name: properties.title, rows: (values.data.values ?? []).map((row) => row.map(cellText)) });
    }
    const sheets = usableSheets(raws, (index) => String(found.data.sheets[index]!.properties.sheetId));
    return await storeSpreadsheet(context.database.db, options.owner, {
      name: found.data.properties.title,
      source: 'GOOGLE_SHEETS',
      externalId,
      sheets,
    });
  } catch (error) {
    if (error instanceof ComposeGrantLost) throw sheetsPermissionRequired();
    if (error instanceof GoogleUnavailable) throw sheetsUnavailable(error.message);
    throw error;
  }
}
