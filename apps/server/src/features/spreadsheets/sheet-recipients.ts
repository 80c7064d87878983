import { eq } from 'drizzle-orm';
import {
  RECIPIENTS_PREVIEW_ROWS,
  RECIPIENTS_SKIPPED_LISTED,
  analyseRecipients,
  validRecipientKeys,
  type RecipientAnalysis,
  type SheetRecipients,
} from '@mergeboard/core';
import { findSpaceAccess, type SpaceAccess } from '../../access/space-access';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { suppressedAmong } from '../suppressions';
import { requireOwnSheet } from './spreadsheet-service';
import { selectColumns, selectRows, selectSheet, selectSpreadsheet, type Owner } from './spreadsheet-queries';

/** The columns a merge reads: the addresses, and the Cc and Bcc columns when it copies its messages. */
export interface RecipientColumns {
  emailColumn: string;
  ccColumn?: string | null | undefined;
  bccColumn?: string | null | undefined;
}

/** The sheet a merge reads: whose, which spreadsheet and sheet, and its columns. */
interface SheetRecipientsRequest extends Owner, RecipientColumns {
  spreadsheetId: string;
  sheetId: string;
}

/** Who a merge of a sheet sends to, and who it leaves out. */
type SheetRecipientsResult =
  | ({ found: true; header: string[] } & RecipientAnalysis)
  | { found: false; missing: 'SPREADSHEET' | 'SHEET' | 'EMAIL_COLUMN' };

type Sheet = { spreadsheetId: string; sheetId: string; header: string[] };

/** Where a column is in the header (names compared trimmed, as merge fields are); -1 when absent or none. */
const columnIndex = (header: readonly string[], column: string | null | undefined) =>
  column ? header.findIndex((name) => name.trim() === column.trim()) : -1;

/**
 * The rows' addresses sorted into sendable and skipped for the sender in their space, with each
 * sent row's Cc and Bcc addresses checked against the same lists.
 */
async function analyse(
  db: Db,
  sheet: Sheet,
  columns: RecipientColumns,
  space: SpaceAccess,
  user: { id: string; email: string },
) {
  const cells = await selectColumns(db, sheet, [
    sheet.header.indexOf(columns.emailColumn),
    columnIndex(sheet.header, columns.ccColumn),
    columnIndex(sheet.header, columns.bccColumn),
  ]);
  const rows = cells.map(({ rowNumber, values: [email = '', cc = '', bcc = ''] }) => ({
    rowNumber,
    email,
    cc,
    bcc,
  }));
  const suppressed = await suppressedAmong(db, {
    caller: { space, user },
    addresses: validRecipientKeys(rows),
  });
  return analyseRecipients(rows, suppressed);
}

/**
 * For the engine: the rows of a sheet to send and those skipped (invalid, duplicate, or on the
 * unsubscription or bounce lists the sender sees in the space), each sent row with its Cc and Bcc
 * addresses, read when the merge starts. A spreadsheet or sheet deleted since (or never the
 * sender's), a sender no longer in the space, or an email column no longer in the header answers
 * `found: false` with what is missing (a Cc or Bcc column gone reads as empty: callers check them).
 */
export async function sheetRecipients(
  db: Db,
  request: SheetRecipientsRequest,
): Promise<SheetRecipientsResult> {
  const sheet = await selectSheet(db, request, request.spreadsheetId, request.sheetId);
  if (!sheet) {
    const spreadsheet = await selectSpreadsheet(db, request, request.spreadsheetId);
    return { found: false, missing: spreadsheet ? 'SHEET' : 'SPREADSHEET' };
  }
  if (!sheet.header.includes(request.emailColumn)) return { found: false, missing: 'EMAIL_COLUMN' };
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, request.userId));
  const space = user ? await findSpaceAccess(db, request.workspaceId, user) : null;
  if (!user || !space) return { found: false, missing: 'SPREADSHEET' };
  return {
    found: true,
    header: sheet.header,
    ...(await analyse(db, sheet, request, space, user)),
  };
}

/** For the engine: the cells of the named rows of a sheet, by row number (missing rows are absent). */
export async function sheetRows(
  db: Db,
  sheet: { spreadsheetId: string; sheetId: string },
  rowNumbers: readonly number[],
): Promise<Map<number, string[]>> {
  if (rowNumbers.length === 0) return new Map();
  const rows = await selectRows(db, sheet, { rowNumbers });
  return new Map(rows.map((row) => [row.rowNumber, row.cells]));
}

/** 400 naming the query parameter whose column the sheet lacks. */
function noSuchColumn(parameter: string, column: string): AppError {
  const message = `The sheet has no column '${column}'`;
  return new AppError('validation_failed', message, { fields: { [`querystring.${parameter}`]: message } });
}

/**
 * The recipients analysis the caller sees before sending: the first rows, the counts and the
 * first skipped rows and copies. The email column defaults to the one detected; a column not in
 * the header is a 400.
 */
export async function previewSheetRecipients(
  db: Db,
  options: {
    caller: { space: SpaceAccess; user: { id: string; email: string } };
    spreadsheetId: string;
    sheetId: string;
    columns: {
      emailColumn?: string | undefined;
      ccColumn?: string | undefined;
      bccColumn?: string | undefined;
    };
  },
): Promise<SheetRecipients> {
  const { space, user } = options.caller;
  const owner = { userId: user.id, workspaceId: space.workspace.id };
  const sheet = await requireOwnSheet(db, owner, options.spreadsheetId, options.sheetId);
  const { ccColumn, bccColumn } = options.columns;
  const emailColumn = options.columns.emailColumn ?? sheet.emailColumn;
  if (emailColumn === null) {
    const message = 'This sheet has no e-mail column: choose one with emailColumn';
    throw new AppError('validation_failed', message, { fields: { 'querystring.emailColumn': message } });
  }
  if (!sheet.header.includes(emailColumn)) throw noSuchColumn('emailColumn', emailColumn);
  if (ccColumn && columnIndex(sheet.header, ccColumn) < 0) throw noSuchColumn('ccColumn', ccColumn);
  if (bccColumn && columnIndex(sheet.header, bccColumn) < 0) throw noSuchColumn('bccColumn', bccColumn);
  const [analysis, preview] = await Promise.all([
    analyse(db, sheet, { emailColumn, ccColumn, bccColumn }, space, user),
    selectRows(db, sheet, { firstRows: RECIPIENTS_PREVIEW_ROWS }),
  ]);
  return {
    header: sheet.header,
    emailColumn,
    preview,
    counts: analysis.counts,
    skipped: analysis.skipped.slice(0, RECIPIENTS_SKIPPED_LISTED),
    skippedCopies: analysis.skippedCopies.slice(0, RECIPIENTS_SKIPPED_LISTED),
  };
}
