import { sql, type SQL } from 'drizzle-orm';
import { timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Column names are spelled out in snake_case on every table: drizzle-kit generates with
 * `casing: 'snake_case'`, but the runtime clients are opened without it, so an implicit name
 * would be read back in camelCase.
 *
 * Descending index keys say `.desc().nullsFirst()`: drizzle-kit otherwise writes DESC NULLS LAST,
 * which a plain `ORDER BY x DESC` (nulls first) cannot walk, so the list queries would sort.
 */

/** Every point in time is an instant, stored with its zone and read as a JS Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

export const updatedAt = () =>
  timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** `column IN (...)` with inline literals: check constraints are DDL, which takes no parameters. */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} IN (${sql.raw(list)})`;
}

/** Addresses are compared as stored, so they are stored lowercased once, on the way in. */
export function isLowercase(column: AnyPgColumn): SQL {
  return sql`${column} = lower(${column})`;
}
