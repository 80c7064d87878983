import { and, asc, eq, inArray } from 'drizzle-orm';
import { isValidEmail } from '@mergeboard/core';
import type { Db } from '../../db/client';
import { spreadsheetRows, spreadsheetSheets, spreadsheets } from '../../db/schema';
import { suppressedAmong, type Sender } from './suppression-check';

export interface SheetIdentity {
  spreadsheetId: string;
  sheetId: string;
}

export interface SheetRecipients {
  kind: 'found';
  spreadsheetName: string;
  sheetName: string;
  /** The Google spreadsheet id of a linked Google Sheet, null for an uploaded file. */
  externalId: string | null;
  header: string[];
  /** Valid, distinct, not suppressed addresses, in sheet order. */
  sendable: { rowNumber: number; email: string }[];
  skipped: { invalid: number; duplicate: number; suppressed: number };
}

export type SheetLookup = SheetRecipients | { kind: 'spreadsheet-not-found' } | { kind: 'sheet-not-found' };

/** A cell's address as sent: trimmed, lower case (the form the suppression lists hold). */
export const normalisedAddress = (cell: string | undefined) => (cell ?? '').trim().toLowerCase();

type NotFound = { kind: 'spreadsheet-not-found' } | { kind: 'sheet-not-found' };

/** A sheet of the sender's own spreadsheet in this space; someone else's is not found. */
export async function ownSheet(db: Db, sender: Sender, sheet: SheetIdentity) {
  const [spreadsheet] = await db
    .select()
    .from(spreadsheets)
    .where(
      and(
        eq(spreadsheets.id, sheet.spreadsheetId),
        eq(spreadsheets.userId, sender.userId),
        eq(spreadsheets.workspaceId, sender.workspaceId),
      ),
    );
  if (!spreadsheet) return { kind: 'spreadsheet-not-found' } as NotFound;
  const [found] = await db
    .select()
    .from(spreadsheetSheets)
    .where(
      and(
        eq(spreadsheetSheets.spreadsheetId, sheet.spreadsheetId),
        eq(spreadsheetSheets.sheetId, sheet.sheetId),
      ),
    );
  if (!found) return { kind: 'sheet-not-found' } as NotFound;
  return { kind: 'found' as const, spreadsheet, sheet: found };
}

/**
 * Who a sheet of the sender's own spreadsheet mails: each row's address in `emailColumn`, checked
 * (invalid), first occurrence kept (duplicate) and not suppressed for this sender.
 */
export async function sheetRecipients(
  db: Db,
  sender: Sender,
  sheet: SheetIdentity & { emailColumn: string },
): Promise<SheetLookup> {
  const own = await ownSheet(db, sender, sheet);
  if (own.kind !== 'found') return own;
  const { spreadsheet, sheet: found } = own;
  const column = found.header.findIndex((name) => name.trim() === sheet.emailColumn.trim());
  const rows = await db
    .select({ rowNumber: spreadsheetRows.rowNumber, cells: spreadsheetRows.cells })
    .from(spreadsheetRows)
    .where(
      and(eq(spreadsheetRows.spreadsheetId, sheet.spreadsheetId), eq(spreadsheetRows.sheetId, sheet.sheetId)),
    )
    .orderBy(asc(spreadsheetRows.rowNumber));
  const skipped = { invalid: 0, duplicate: 0, suppressed: 0 };
  const seen = new Set<string>();
  const valid: { rowNumber: number; email: string }[] = [];
  for (const row of rows) {
    const email = column < 0 ? '' : normalisedAddress(row.cells[column]);
    if (!isValidEmail(email)) skipped.invalid += 1;
    else if (seen.has(email)) skipped.duplicate += 1;
    else {
      seen.add(email);
      valid.push({ rowNumber: row.rowNumber, email });
    }
  }
  const suppressed = await suppressedAmong(
    db,
    sender,
    valid.map((row) => row.email),
  );
  skipped.suppressed = valid.filter((row) => suppressed.has(row.email)).length;
  return {
    kind: 'found',
    spreadsheetName: spreadsheet.name,
    sheetName: found.name,
    externalId: spreadsheet.externalId,
    header: found.header,
    sendable: valid.filter((row) => !suppressed.has(row.email)),
    skipped,
  };
}

/** The header of a sheet, or null when it (or its spreadsheet) is gone. */
export async function sheetHeader(db: Db, sheet: SheetIdentity): Promise<string[] | null> {
  const [found] = await db
    .select({ header: spreadsheetSheets.header })
    .from(spreadsheetSheets)
    .where(
      and(
        eq(spreadsheetSheets.spreadsheetId, sheet.spreadsheetId),
        eq(spreadsheetSheets.sheetId, sheet.sheetId),
      ),
    );
  return found?.header ?? null;
}

/** The cells of some rows of a sheet, by row number. */
export async function sheetRows(
  db: Db,
  sheet: SheetIdentity,
  rowNumbers: readonly number[],
): Promise<Map<number, string[]>> {
  if (rowNumbers.length === 0) return new Map();
  const rows = await db
    .select({ rowNumber: spreadsheetRows.rowNumber, cells: spreadsheetRows.cells })
    .from(spreadsheetRows)
    .where(
      and(
        eq(spreadsheetRows.spreadsheetId, sheet.spreadsheetId),
        eq(spreadsheetRows.sheetId, sheet.sheetId),
        inArray(spreadsheetRows.rowNumber, [...rowNumbers]),
      ),
    );
  return new Map(rows.map((row) => [row.rowNumber, row.cells]));
}
