import { ilike, or, type Column, type SQL } from 'drizzle-orm';

/**
 * The LIKE / ILIKE pattern of "contains `term`". The term is what a person typed into a search
 * box, so its own wildcards (`%`, `_`) and the escape character (`\`) are taken literally.
 */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Rows where any of `columns` contains `term`, whatever the case (the search boxes of lists). */
export function anyContains(columns: readonly [Column, ...Column[]], term: string): SQL {
  const pattern = containsPattern(term);
  return or(...columns.map((column) => ilike(column, pattern)))!;
}
