import {
  deleteSpreadsheet,
  getSheetRecipients,
  getSheetRow,
  getSpreadsheet,
  linkGoogleSheet,
  spaceAccess,
  uploadSpreadsheet,
} from '@mergeboard/core';
import type { SpaceAccess } from '../../access/space-access';
import { defineRoute } from '../../http/route';
import { linkGoogleSpreadsheet } from './google-sheets';
import { previewSheetRecipients } from './sheet-recipients';
import {
  deleteSpreadsheetOf,
  getOwnSheetRow,
  getOwnSpreadsheet,
  uploadSpreadsheetFile,
  type Owner,
} from './spreadsheet-service';

/**
 * Any active member of an active space works with their own spreadsheets; nobody reads another's.
 * A DISABLED space answers only its own details (SPACE-005), so no uploads or reads there.
 */
const access = spaceAccess('canAccessWorkspace');
/** Reading a file or a Google Sheet is the heavy part: at most this many a minute per caller. */
const UPLOAD_LIMIT = { max: 60, timeWindow: '1 minute' };
const ownerOf = (space: SpaceAccess, user: { id: string }): Owner => ({
  userId: user.id,
  workspaceId: space.workspace.id,
});

export const spreadsheetRoutes = [
  defineRoute({
    contract: uploadSpreadsheet,
    access,
    rateLimit: UPLOAD_LIMIT,
    handler: ({ query, body, space, user, context }) =>
      uploadSpreadsheetFile(context.database.db, {
        owner: ownerOf(space, user),
        filename: query.filename,
        bytes: body,
      }),
  }),
  defineRoute({
    contract: linkGoogleSheet,
    access,
    rateLimit: UPLOAD_LIMIT,
    handler: ({ body, space, user, auth, context }) =>
      linkGoogleSpreadsheet(context, { owner: ownerOf(space, user), identity: auth.identity, url: body.url }),
  }),
  defineRoute({
    contract: getSpreadsheet,
    access,
    handler: ({ params, space, user, context }) =>
      getOwnSpreadsheet(context.database.db, ownerOf(space, user), params.spreadsheetId),
  }),
  defineRoute({
    contract: getSheetRecipients,
    access,
    handler: ({ params, query, space, user, context }) =>
      previewSheetRecipients(context.database.db, {
        caller: { space, user },
        spreadsheetId: params.spreadsheetId,
        sheetId: params.sheetId,
        columns: query,
      }),
  }),
  defineRoute({
    contract: getSheetRow,
    access,
    handler: ({ params, space, user, context }) =>
      getOwnSheetRow(context.database.db, {
        owner: ownerOf(space, user),
        spreadsheetId: params.spreadsheetId,
        sheetId: params.sheetId,
        rowNumber: params.rowNumber,
      }),
  }),
  defineRoute({
    contract: deleteSpreadsheet,
    access,
    handler: async ({ params, space, user, context }) => {
      await deleteSpreadsheetOf(context.database.db, ownerOf(space, user), params.spreadsheetId);
      return null;
    },
  }),
];
