import { count, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from './client';

/**
 * One page of a list (API-003's limit and limitOffset) and how many rows the whole list has: the
 * page's SELECT and the count run side by side under the same `where`.
 */
export async function selectPage<Fields extends SelectedFields>(
  db: Db,
  options: {
    select: Fields;
    from: PgTable;
    where: SQL | undefined;
    orderBy: (SQL | PgColumn)[];
    page: { limit: number; limitOffset: number };
  },
): Promise<{ rows: SelectResultFields<Fields>[]; total: number }> {
  const { from, where, page } = options;
  const [rows, [total]] = await Promise.all([
    // The fields are generic here; the answer's type is restored below.
    db
      .select(options.select as SelectedFields)
      .from(from)
      .where(where)
      .orderBy(...options.orderBy)
      .limit(page.limit)
      .offset(page.limitOffset),
    db.select({ n: count() }).from(from).where(where),
  ]);
  return { rows: rows as SelectResultFields<Fields>[], total: total?.n ?? 0 };
}
