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
import { selectColumn, selectRows, selectSheet, selectSpreadsheet, type Owner } from './spreadsheet-queries';

/** The sheet a merge reads: whose, which spreadsheet and sheet, and the address column. */
export interface SheetRecipientsRequest extends Owner {
  spreadsheetId: string;
  sheetId: string;
  emailColumn: string;
}

/** Who a merge of a sheet sends to, and who it leaves out. */
export type SheetRecipientsResult =
  | ({ found: true; header: string[] } & RecipientAnalysis)
  | { found: false; missing: 'SPREADSHEET' | 'SHEET' | 'EMAIL_COLUMN' };

type Sheet = { spreadsheetId: string; sheetId: string; header: string[] };

/** The rows' addresses sorted into sendable and skipped for the sender in their space. */
async function analyse(
  db: Db,
  sheet: Sheet,
  emailColumn: string,
  space: SpaceAccess,
  user: { id: string; email: string },
) {
  const column = await selectColumn(db, sheet, sheet.header.indexOf(emailColumn));
  const rows = column.map(({ rowNumber, value }) => ({ rowNumber, email: value }));
  const suppressed = await suppressedAmong(db, {
    caller: { space, user },
    addresses: validRecipientKeys(rows),
  });
  return analyseRecipients(rows, suppressed);
}

/**
 * For the engine: the rows of a sheet to send and those skipped (invalid, duplicate, or on the
 * unsubscription or bounce lists the sender sees in the space), read when the merge starts. A
 * spreadsheet or sheet deleted since (or never the sender's), a sender no longer in the space,
 * or a column no longer in the header answers `found: false` with what is missing.
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
    ...(await analyse(db, sheet, request.emailColumn, space, user)),
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

/**
 * The recipients analysis the caller sees before sending: the first rows, the counts and the
 * first skipped rows. The column defaults to the one detected; one not in the header is a 400.
 */
export async function previewSheetRecipients(
  db: Db,
  options: {
    caller: { space: SpaceAccess; user: { id: string; email: string } };
    spreadsheetId: string;
    sheetId: string;
    emailColumn: string | undefined;
  },
): Promise<SheetRecipients> {
  const { space, user } = options.caller;
  const owner = { userId: user.id, workspaceId: space.workspace.id };
  const sheet = await requireOwnSheet(db, owner, options.spreadsheetId, options.sheetId);
  const emailColumn = options.emailColumn ?? sheet.emailColumn;
  if (emailColumn === null || !sheet.header.includes(emailColumn)) {
    const message =
      emailColumn === null
        ? 'This sheet has no e-mail column: choose one with emailColumn'
        : `The sheet has no column '${emailColumn}'`;
    throw new AppError('validation_failed', message, { fields: { 'querystring.emailColumn': message } });
  }
  const [analysis, preview] = await Promise.all([
    analyse(db, sheet, emailColumn, space, user),
    selectRows(db, sheet, { firstRows: RECIPIENTS_PREVIEW_ROWS }),
  ]);
  return {
    header: sheet.header,
    emailColumn,
    preview,
    counts: analysis.counts,
    skipped: analysis.skipped.slice(0, RECIPIENTS_SKIPPED_LISTED),
  };
}
