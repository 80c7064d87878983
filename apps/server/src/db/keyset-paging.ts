import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** A column of a keyset order, and the SQL type its text form is cast back to in the cursor. */
export interface KeysetColumn {
  expression: SQL | SQLWrapper;
  type: 'text' | 'integer' | 'timestamptz' | 'uuid';
}

/**
 * Keyset paging in a list's order: rows sort by `columns`, all in `direction`, and the last ones
 * should make the order total (a unique column). A row's cursor is its columns as text, so a
 * timestamp keeps its full precision (a JS Date keeps milliseconds only); the next page is the
 * rows whose columns come after the cursor, compared as one row value. `keysetBatches`
 * (lib/csv-export) pages an export with it.
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
