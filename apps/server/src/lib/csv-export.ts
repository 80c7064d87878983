import { pipeline, Readable, Transform } from 'node:stream';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import { EXPORT_MAX_ROWS } from '@mergeboard/core';

/**
 * Streaming CSV exports (CONST-010, EVT-008, RELIABILITY "CSV export"), shared by every list that
 * can be exported. A handler describes its columns and hands over an async source of row batches
 * (usually keyset pages from the database); the file is written to the reply batch by batch, so
 * an export never sits in memory whole, and the source stops being read once `maxRows` rows are out.
 *
 *   handler: ({ reply, ... }) =>
 *     streamCsv(reply, { what: 'Unsubscriptions', columns, batches: keysetBatches({ ... }) })
 *
 * On PostgreSQL an export can instead come straight from `COPY … TO STDOUT` (`streamCopiedCsv`):
 * the query selects text already made safe by `csvSafeText` and `csvTimestamp`, which write the
 * cells exactly as `csvCell` does, so both paths give the same file.
 *
 * The handler returns what `streamCsv` answers (a stream; the route sends it as the body). Both
 * wait for the first rows before the answer starts, so a failing query answers an error status
 * instead of a 200 cut short.
 */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | Date | null | undefined;
}

/** Cells a spreadsheet would read as a formula or a control sequence (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: formula-looking text gets a leading `'`; cells with quotes, separators or breaks are quoted. */
export function csvCell(value: string | number | boolean | Date | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(cells: readonly (string | number | boolean | Date | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** SQL twin of the neutralising in `csvCell`: text starting like a formula gets a leading `'`. */
export function csvSafeText(text: SQL | SQL.Aliased | unknown): SQL<string> {
  return sql<string>`case when left(${text}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || ${text} else ${text} end`;
}

/** SQL twin of `Date.toISOString()` in `csvCell`: UTC, milliseconds, `Z`. */
export function csvTimestamp(timestamp: SQL | unknown): SQL<string> {
  return sql<string>`to_char(${timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A drizzle query as one SQL text with its values inlined, for `Database.copyCsv`. */
export function copyQueryText(query: SQLWrapper): string {
  return dialect.sqlToQuery(query.getSQL().inlineParams()).sql;
}
const dialect = new PgDialect();

/**
 * COPY takes no bind parameters, so text a caller typed (an export's search) never goes into the
 * COPY text: `Database.copyCsv` first binds it with `set_config(name, $1, true)` in the COPY's
 * transaction, and the query reads it back with `copySetting(name)`. Only our own values (ids,
 * limits, enum literals) are inlined.
 */
export const EXPORT_SEARCH_SETTING = 'mergeboard.export_search';

/** The value `Database.copyCsv` bound under `name` for this COPY (see EXPORT_SEARCH_SETTING). */
export function copySetting(name: string): SQL<string> {
  if (!/^[a-z_]+\.[a-z_]+$/.test(name)) throw new Error(`Not a setting name: ${name}`);
  return sql<string>`current_setting(${sql.raw(`'${name}'`)})`;
}

/** `Exported_{what}_{YYYY-MM-DD}.csv` (CONST-010), the date in UTC. */
export function exportFileName(what: string, now: Date = new Date()): string {
  const safe = what.replace(/[^A-Za-z0-9_-]+/g, '_');
  return `Exported_${safe}_${now.toISOString().slice(0, 10)}.csv`;
}

/** The lines of a CSV file: the header, then at most `maxRows` rows taken from `batches`. */
export async function* csvLines<Row>(
  columns: readonly CsvColumn<Row>[],
  batches: AsyncIterable<readonly Row[]>,
  maxRows: number = EXPORT_MAX_ROWS,
): AsyncGenerator<string> {
  yield csvLine(columns.map((column) => column.header));
  let written = 0;
  if (written >= maxRows) return;
  // Leaving the loop early calls the source's return(), so a database cursor stops being read.
  for await (const batch of batches) {
    let chunk = '';
    for (const row of batch) {
      chunk += csvLine(columns.map((column) => column.value(row)));
      written += 1;
      if (written >= maxRows) break;
    }
    if (chunk) yield chunk;
    if (written >= maxRows) return;
  }
}

/**
 * Pages through a source by keyset: `fetchPage(after, limit)` answers the rows after the cursor
 * (null for the first page) in a stable order, and `cursorOf` gives a row's cursor. Stops at the
 * first short page or after `maxRows` rows, asking each page only for the rows still needed.
 */
export async function* keysetBatches<Row, Cursor>(options: {
  fetchPage: (after: Cursor | null, limit: number) => Promise<readonly Row[]>;
  cursorOf: (row: Row) => Cursor;
  pageSize?: number;
  maxRows?: number;
}): AsyncGenerator<readonly Row[]> {
  const pageSize = options.pageSize ?? 2000;
  let remaining = options.maxRows ?? EXPORT_MAX_ROWS;
  let after: Cursor | null = null;
  while (remaining > 0) {
    const limit = Math.min(pageSize, remaining);
    const rows = await options.fetchPage(after, limit);
    if (rows.length > 0) yield rows;
    remaining -= rows.length;
    if (rows.length < limit) return;
    after = options.cursorOf(rows[rows.length - 1]!);
  }
}

/**
 * `source` once its first item has arrived: a source that fails at once (the first query) throws
 * here, before any header or byte of the answer is out. The rest is read as it is consumed;
 * stopping early ends the source (its `return()`, which closes a cursor or a COPY stream).
 */
async function started<T>(source: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  return (async function* () {
    try {
      if (first.done) return;
      yield first.value;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      await iterator.return?.();
    }
  })();
}

/**
 * Sets the CSV headers on the reply and answers the body stream once the first rows are in.
 * Return it from the handler: Fastify pipes a stream to the client with back-pressure instead of
 * serialising it.
 */
export async function streamCsv<Row>(
  reply: FastifyReply,
  options: {
    /** The name part of `Exported_{what}_{date}.csv`, e.g. 'Unsubscriptions'. */
    what: string;
    columns: readonly CsvColumn<Row>[];
    batches: AsyncIterable<readonly Row[]>;
    maxRows?: number;
    now?: Date;
  },
): Promise<Readable> {
  const batches = await started(options.batches);
  setCsvHeaders(reply, options.what, options.now);
  return Readable.from(csvLines(options.columns, batches, options.maxRows ?? EXPORT_MAX_ROWS), {
    objectMode: false,
  });
}

/**
 * Like `streamCsv`, for rows that PostgreSQL already wrote as CSV (`Database.copyCsv`): our header
 * line, then COPY's lines with its `\n` ends turned into the `\r\n` of `csvLine`. The COPY query
 * must select cells without line breaks (addresses, types, timestamps), or those would change too.
 */
export async function streamCopiedCsv(
  reply: FastifyReply,
  options: { what: string; headers: readonly string[]; rows: Readable; now?: Date },
): Promise<Readable> {
  const rows = await started<Buffer>(options.rows);
  setCsvHeaders(reply, options.what, options.now);
  const header = Buffer.from(csvLine(options.headers));
  let headerSent = false;
  const crlf = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const lines = withCrlf(chunk);
      done(null, headerSent ? lines : ((headerSent = true), Buffer.concat([header, lines])));
    },
    flush(done) {
      if (!headerSent) this.push(header);
      done();
    },
  });
  // pipeline, not pipe: a reply cut short (client gone) must destroy the COPY too (the iterator's
  // return() destroys the stream), which gives its connection back; errors reach the reply
  // through `crlf`.
  pipeline(rows, crlf, () => undefined);
  return crlf;
}

/** `\n` → `\r\n` on bytes (0x0A never occurs inside a multi-byte UTF-8 character). */
function withCrlf(chunk: Buffer): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) {
    parts.push(chunk.subarray(from, at), CRLF);
    from = at + 1;
  }
  parts.push(chunk.subarray(from));
  return Buffer.concat(parts);
}
const CRLF = Buffer.from('\r\n');

function setCsvHeaders(reply: FastifyReply, what: string, now?: Date) {
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${exportFileName(what, now)}"`)
    .header('cache-control', 'no-store');
}
