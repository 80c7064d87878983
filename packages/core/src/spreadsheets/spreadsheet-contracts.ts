import { z } from 'zod';
import { API_BASES } from '../contracts/api-bases';
import { defineContract } from '../contracts/contract';
import { text } from '../contracts/text';
import { SPREADSHEET_SOURCES } from '../constants/domain';
import { SPREADSHEET_LIMITS } from '../constants/limits';
import { COPY_ADDRESSES_PER_CELL, COPY_COLUMNS, COPY_SKIP_REASONS } from '../merge-engine/message-addresses';
import { SKIP_REASONS } from './recipient-rules';

const base = `${API_BASES.v1}/workspaces/:id/spreadsheets`;

/** The media types an upload may carry; the file's content decides whether it is CSV or XLSX. */
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SPREADSHEET_UPLOAD_MEDIA_TYPES = ['text/csv', XLSX_MEDIA_TYPE, 'application/octet-stream'] as const;
/** How many rows the recipients analysis previews, and how many skipped rows it lists. */
export const RECIPIENTS_PREVIEW_ROWS = 10;
export const RECIPIENTS_SKIPPED_LISTED = 100;
/** The Sheets API scope asked (incrementally) before a Google Sheet is linked. */
export const SHEETS_READONLY_SCOPE = 'https://www.googleapis.com/auth/spreadsheets.readonly';

const spreadsheetSheetSchema = z
  .object({
    sheetId: z
      .string()
      .describe("Stable within the spreadsheet: '0', '1'… for a file, the gid of a Google Sheet"),
    name: z.string(),
    header: z.array(z.string()).describe('The column names, each once, in the sheet order'),
    rowCount: z.number().int().describe('Data rows under the header (blank rows are left out)'),
    emailColumn: z.string().nullable().describe('The column detected as the addresses, null when none'),
  })
  .meta({ id: 'SpreadsheetSheet' });

/** A spreadsheet in the spec's sense: an id, a name, sheets. */
export const spreadsheetSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    source: z.enum(SPREADSHEET_SOURCES),
    sheets: z.array(spreadsheetSheetSchema),
  })
  .meta({ id: 'Spreadsheet' });
export type Spreadsheet = z.infer<typeof spreadsheetSchema>;

const spaceParams = z.object({ id: z.uuid('id must be a space id') });
const spreadsheetParams = spaceParams.extend({
  spreadsheetId: z.uuid('spreadsheetId must be a spreadsheet id'),
});
const sheetParams = spreadsheetParams.extend({ sheetId: text().min(1).max(100) });

/** The file's bytes, as sent (the body is not JSON). Absent or empty: refused as an empty file. */
const spreadsheetFileSchema = z
  .custom<Uint8Array | null>(
    (value) => value === undefined || value === null || value instanceof Uint8Array,
    "The body must be the file's bytes",
  )
  .optional()
  .meta({
    description: `The CSV or XLSX file itself, at most ${SPREADSHEET_LIMITS.maxBytes / (1024 * 1024)} MB`,
    type: 'string',
    format: 'binary',
  });

export const uploadSpreadsheet = defineContract({
  method: 'POST',
  path: base,
  summary:
    `Upload a CSV or XLSX file as a spreadsheet (the body is the file's bytes). Limits: ` +
    `${SPREADSHEET_LIMITS.maxBytes / (1024 * 1024)} MB (413 payload_too_large), ` +
    `${SPREADSHEET_LIMITS.maxRows.toLocaleString('en-US')} data rows per sheet (spreadsheet_too_many_rows), ` +
    `${SPREADSHEET_LIMITS.maxColumns} columns (spreadsheet_too_many_columns), ` +
    `${SPREADSHEET_LIMITS.maxCellCharacters.toLocaleString('en-US')} characters a cell (spreadsheet_cell_too_long); ` +
    `an XLSX file unpacks to at most ${SPREADSHEET_LIMITS.maxUnpackedBytes / (1024 * 1024)} MB, ` +
    `${SPREADSHEET_LIMITS.maxPackRatio} times its packed size a part, ${SPREADSHEET_LIMITS.maxArchiveEntries.toLocaleString('en-US')} parts, ` +
    `${SPREADSHEET_LIMITS.maxTextCharacters.toLocaleString('en-US')} characters of text (spreadsheet_too_large); a file whose ` +
    'reading runs out of the memory or the time the server gives one file: spreadsheet_too_complex; every reader busy: ' +
    '503 unavailable. Refused and nothing written: ' +
    'spreadsheet_empty, spreadsheet_not_supported (not CSV or XLSX, e.g. a binary file renamed .csv), ' +
    'spreadsheet_no_email_column. CSV: comma, semicolon or tab, UTF-8 (with or without BOM) or Windows-1252. ' +
    'XLSX: every sheet, formula cells by their values, dates and numbers as shown.',
  tags: ['spreadsheets'],
  params: spaceParams,
  query: z.object({
    filename: text()
      .trim()
      .min(1, 'filename is required')
      .max(255)
      .describe('The file name; the spreadsheet is named after it'),
  }),
  body: spreadsheetFileSchema,
  bodyMediaTypes: SPREADSHEET_UPLOAD_MEDIA_TYPES,
  bodyLimit: SPREADSHEET_LIMITS.maxBytes,
  response: spreadsheetSchema,
  successStatus: 201,
});

export const linkGoogleSheet = defineContract({
  method: 'POST',
  path: `${base}/google`,
  summary:
    'Link a Google Sheet by its URL: its sheets and values are read through the Sheets API with the ' +
    "caller's grant. Only when Google sign-in is configured (else 400 google_not_configured); 403 " +
    'sheets_permission_required until the caller granted the spreadsheets.readonly scope ' +
    '(/api/v1/auth/authorize?sheets=1). The same limits and refusals as an upload.',
  tags: ['spreadsheets'],
  params: spaceParams,
  body: z.object({
    url: text()
      .trim()
      .max(2000)
      .regex(/\/spreadsheets\/d\/[A-Za-z0-9_-]+/, 'url must be the link of a Google Sheet')
      .describe('https://docs.google.com/spreadsheets/d/{id}/edit…'),
  }),
  response: spreadsheetSchema,
  successStatus: 201,
});

export const getSpreadsheet = defineContract({
  method: 'GET',
  path: `${base}/:spreadsheetId`,
  summary: "One of the caller's spreadsheets in the space, with its sheets",
  tags: ['spreadsheets'],
  params: spreadsheetParams,
  response: spreadsheetSchema,
});

const rowSchema = z
  .object({
    rowNumber: z.number().int().describe('1 for the first row under the header'),
    cells: z.array(z.string()).describe("The values as shown, in the header's order"),
  })
  .meta({ id: 'SheetRow' });
export type SheetRow = z.infer<typeof rowSchema>;

const recipientCountsSchema = z
  .object({
    rows: z.number().int(),
    valid: z.number().int().describe('Rows that will be sent'),
    invalid: z.number().int(),
    duplicate: z.number().int(),
    suppressed: z
      .number()
      .int()
      .describe("In the space's unsubscriptions or bounces as the caller shares them"),
    copies: z
      .object({ valid: z.number().int(), invalid: z.number().int(), suppressed: z.number().int() })
      .describe('The Cc and Bcc addresses of the rows that will be sent: copied, or left out and why'),
    addresses: z
      .number()
      .int()
      .describe(
        "Every address the merge sends to (To, Cc and Bcc): what it uses of the sender's daily quota",
      ),
  })
  .meta({ id: 'RecipientCounts' });

export const sheetRecipientsSchema = z
  .object({
    header: z.array(z.string()),
    emailColumn: z.string(),
    preview: z.array(rowSchema).describe(`The first ${RECIPIENTS_PREVIEW_ROWS} rows`),
    counts: recipientCountsSchema,
    skipped: z
      .array(z.object({ rowNumber: z.number().int(), email: z.string(), reason: z.enum(SKIP_REASONS) }))
      .describe(
        `The first ${RECIPIENTS_SKIPPED_LISTED} rows left out, with why (TOO_MANY_COPIES: a Cc or Bcc ` +
          `cell holds more than ${COPY_ADDRESSES_PER_CELL} addresses; counted as invalid)`,
      ),
    skippedCopies: z
      .array(
        z.object({
          rowNumber: z.number().int(),
          column: z.enum(COPY_COLUMNS),
          email: z.string(),
          reason: z.enum(COPY_SKIP_REASONS),
        }),
      )
      .describe(`The first ${RECIPIENTS_SKIPPED_LISTED} Cc or Bcc entries left out of rows that are sent`),
  })
  .meta({ id: 'SheetRecipients' });
export type SheetRecipients = z.infer<typeof sheetRecipientsSchema>;

export const getSheetRecipients = defineContract({
  method: 'GET',
  path: `${base}/:spreadsheetId/sheets/:sheetId/recipients`,
  summary:
    'Who a merge of this sheet would send to: a preview of the first rows and the counts of valid, ' +
    'invalid, duplicate and suppressed addresses (the space unsubscriptions and bounces under the sharing ' +
    'rules, UNSUB-013 / BOUNCE-012, and the caller own). emailColumn defaults to the detected column; ' +
    'with ccColumn or bccColumn, each copy address is counted and checked the same way',
  tags: ['spreadsheets'],
  params: sheetParams,
  query: z.object({
    emailColumn: text().min(1).max(1000).optional(),
    ccColumn: text().min(1).max(1000).optional(),
    bccColumn: text().min(1).max(1000).optional(),
  }),
  response: sheetRecipientsSchema,
});

export const getSheetRow = defineContract({
  method: 'GET',
  path: `${base}/:spreadsheetId/sheets/:sheetId/rows/:rowNumber`,
  summary: 'One data row of a sheet, for a live preview of a merge',
  tags: ['spreadsheets'],
  params: sheetParams.extend({
    rowNumber: z.coerce
      .number('rowNumber must be a row number')
      .int('rowNumber must be a row number')
      .min(1, 'rowNumber must be 1 or more')
      .max(SPREADSHEET_LIMITS.maxRows, `rowNumber must be at most ${SPREADSHEET_LIMITS.maxRows}`),
  }),
  response: rowSchema,
});

export const deleteSpreadsheet = defineContract({
  method: 'DELETE',
  path: `${base}/:spreadsheetId`,
  summary:
    'Delete one of the caller spreadsheets with its rows (a merge of it stops with SPREADSHEET DELETED)',
  tags: ['spreadsheets'],
  params: spreadsheetParams,
  response: z.null(),
  successStatus: 204,
});
