import type { MessageCopies } from '@mergeboard/core';
import type { Db } from '../../db/client';
import { sheetRecipients as readSheetRecipients, type RecipientColumns } from '../spreadsheets';

import { ownSpreadsheet, sheetHeaderRow, sheetOf } from './merge-queries';

export { sheetRows } from '../spreadsheets';

/** Who sends a merge: a user in a space, with their address (the From of the messages). */
export interface Sender {
  workspaceId: string;
  userId: string;
  email: string;
}

interface SheetIdentity {
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
  /** Valid, distinct, not suppressed addresses (normalised), in sheet order, with their copies. */
  sendable: ({ rowNumber: number; email: string } & MessageCopies)[];
  skipped: { invalid: number; duplicate: number; suppressed: number };
}

type NotFound = { kind: 'spreadsheet-not-found' } | { kind: 'sheet-not-found' };
export type SheetLookup = SheetRecipients | NotFound | { kind: 'email-column-not-found' };

/** A sheet of the sender's own spreadsheet in this space; someone else's is not found. */
export async function ownSheet(db: Db, sender: Omit<Sender, 'email'>, sheet: SheetIdentity) {
  const spreadsheet = await ownSpreadsheet(db, sender, sheet.spreadsheetId);
  if (!spreadsheet) return { kind: 'spreadsheet-not-found' } as NotFound;
  const found = await sheetOf(db, sheet);
  if (!found) return { kind: 'sheet-not-found' } as NotFound;
  return { kind: 'found' as const, spreadsheet, sheet: found };
}

/**
 * Who a merge of the sender's sheet mails, read now through the spreadsheets feature (valid,
 * first occurrence, not on the suppression lists the sender sees, and so are their Cc and Bcc
 * copies), with the names the lists show.
 */
export async function sheetRecipients(
  db: Db,
  sender: Omit<Sender, 'email'>,
  sheet: SheetIdentity & RecipientColumns,
): Promise<SheetLookup> {
  // Ours first: it tells a deleted sheet from a deleted spreadsheet even when it was the only sheet.
  const own = await ownSheet(db, sender, sheet);
  if (own.kind !== 'found') return own;
  const result = await readSheetRecipients(db, {
    spreadsheetId: sheet.spreadsheetId,
    sheetId: sheet.sheetId,
    emailColumn: sheet.emailColumn,
    ccColumn: sheet.ccColumn,
    bccColumn: sheet.bccColumn,
    userId: sender.userId,
    workspaceId: sender.workspaceId,
  });
  if (!result.found) {
    if (result.missing === 'EMAIL_COLUMN') return { kind: 'email-column-not-found' };
    return { kind: result.missing === 'SHEET' ? 'sheet-not-found' : 'spreadsheet-not-found' };
  }
  const { counts } = result;
  return {
    kind: 'found',
    spreadsheetName: own.spreadsheet.name,
    sheetName: own.sheet.name,
    externalId: own.spreadsheet.externalId,
    header: result.header,
    sendable: result.sendable,
    skipped: { invalid: counts.invalid, duplicate: counts.duplicate, suppressed: counts.suppressed },
  };
}

/** The header of a sheet, or null when it (or its spreadsheet) is gone. */
export async function sheetHeader(db: Db, sheet: SheetIdentity): Promise<string[] | null> {
  return (await sheetHeaderRow(db, sheet))?.header ?? null;
}
