import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { keysetBatches } from '../lib/csv-export';
import type { Db } from './client';

/** A column of a keyset order, and the SQL type its text form is cast back to in the cursor. */
export interface KeysetColumn {
  expression: SQL | SQLWrapper;
  type: 'text' | 'integer' | 'timestamptz' | 'uuid';
}

/**
 * Keyset paging in a list's order: rows sort by `columns`, all in `direction`, and the last ones
 * should make the order total (a unique column). A row's cursor is its columns as text, so a
 * timestamp keeps its full precision (a JS Date keeps milliseconds only); the next page is the
 * rows whose columns come after the cursor, compared as one row value. `keysetSelectBatches`
 * pages an export's SELECT with it.
 *
 *   const order = keysetOrder([{ expression: t.title, type: 'text' }, { expression: t.id, type: 'uuid' }], 'asc');
 *   db.select({ row: t, cursor: order.cursor }).from(t).where(after ? order.after(after) : undefined)
 *     .orderBy(...order.orderBy)
 */
export function keysetOrder(columns: readonly [KeysetColumn, ...KeysetColumn[]], direction: 'asc' | 'desc') {
  const op = sql.raw(direction === 'asc' ? '>' : '<');
  const dir = sql.raw(direction);
  const list = (parts: SQL[]) => sql.join(parts, sql`, `);
  return {
    /** Select this beside a row: its cursor. */
    cursor: sql<string[]>`array[${list(columns.map((column) => sql`(${column.expression})::text`))}]`,
    /** The rows after `cursor` in the order. */
    after: (cursor: readonly string[]): SQL =>
      sql`(${list(columns.map((column) => sql`(${column.expression})`))}) ${op} (${list(
        columns.map((column, i) => sql`cast(${cursor[i]} as ${sql.raw(column.type)})`),
      )})`,
    orderBy: columns.map((column) => sql`(${column.expression}) ${dir}`),
  };
}

type KeysetOrder = ReturnType<typeof keysetOrder>;

/**
 * An export's pages of one SELECT in a keyset order: `select` (the row's fields) from `from`
 * under `where`, `pageSize` rows a page, at most `maxRows` in all. Each row also carries its
 * `cursor`.
 */
export function keysetSelectBatches<Fields extends SelectedFields>(
  db: Db,
  options: {
    select: Fields;
    from: PgTable;
    where: SQL | undefined;
    order: KeysetOrder;
    maxRows: number;
    pageSize?: number | undefined;
  },
): AsyncGenerator<readonly (SelectResultFields<Fields> & { cursor: string[] })[]> {
  const { order, where } = options;
  type Row = SelectResultFields<Fields> & { cursor: string[] };
  return keysetBatches<Row, string[]>({
    maxRows: options.maxRows,
    ...(options.pageSize ? { pageSize: options.pageSize } : {}),
    cursorOf: (row) => row.cursor,
    fetchPage: async (cursor, limit) =>
      (await db
        .select({ ...options.select, cursor: order.cursor })
        .from(options.from)
        .where(cursor ? and(where, order.after(cursor)) : where)
        .orderBy(...order.orderBy)
        .limit(limit)) as Row[],
  });
}
