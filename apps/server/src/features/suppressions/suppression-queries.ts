import { and, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ListParams } from '@mergeboard/core';
import type { SpaceAccess } from '../../access/space-access';
import type { CopyQuery, Db } from '../../db/client';
import { keysetOrder, keysetSelectBatches, type KeysetColumn } from '../../db/keyset-paging';
import { selectPage } from '../../db/page-query';
import { bounces, unsubscriptions } from '../../db/schema';
import { containsPattern } from '../../db/search-pattern';
import {
  EXPORT_SEARCH_SETTING,
  copyQueryText,
  copySetting,
  csvSafeText,
  csvTimestamp,
} from '../../lib/csv-export';

/**
 * Both suppression lists share their columns (bounces add `kind`, which keeps its default HARD for
 * manual adds), so one implementation serves both; the bounce table is used through the shape of
 * the unsubscription table.
 */
type SuppressionTable = typeof unsubscriptions;
export type SuppressionListKind = 'unsubscriptions' | 'bounces';

const tables: Record<SuppressionListKind, SuppressionTable> = {
  unsubscriptions,
  bounces: bounces as unknown as SuppressionTable,
};

/** Who reads or writes a list: the caller in the space, and whether the space shares the list. */
export interface Viewer {
  workspaceId: string;
  userId: string;
  role: SpaceAccess['membership']['role'];
  sharingOn: boolean;
}

/**
 * Visibility model (001 §6, "Shared unsubscribes ... Shared bounces likewise"):
 * - With sharing on, the caller works on the space's shared list: every WORKSPACE-type entry of
 *   the space, plus the entries the caller added themselves (USER-type entries stay personal).
 * - With sharing off, the list is personal: only the entries the caller added (of either type;
 *   WORKSPACE entries they added while the space shared its list remain theirs to manage).
 * An address is listed at most once per space (unique workspace_id, email), so adding an address
 * someone else already listed counts as "already there" even when the caller cannot see it.
 * Deleting (UNSUB-016 / BOUNCE-014): whatever the caller sees, except that a MEMBER cannot delete
 * a WORKSPACE-type entry while sharing is on; anything the caller cannot see answers 404.
 */
function visibleTo(table: SuppressionTable, viewer: Viewer): SQL {
  const own = eq(table.createdByUserId, viewer.userId);
  return and(
    eq(table.workspaceId, viewer.workspaceId),
    viewer.sharingOn ? or(eq(table.type, 'WORKSPACE'), own) : own,
  )!;
}

/** The LIKE pattern of a search by part of the address; LIKE wildcards in the term are taken literally. */
function searchPattern(search: string | undefined): string | undefined {
  const term = search?.trim().toLowerCase();
  return term ? containsPattern(term) : undefined;
}

/** Search by part of the address; the pattern is a bound value, or the COPY setting holding it. */
function matching(table: SuppressionTable, search: string | undefined): SQL | undefined {
  const pattern = searchPattern(search);
  return pattern === undefined ? undefined : sql`${table.email} LIKE ${pattern}`;
}

export type SortKey = 'email' | 'unsubscriptionTime' | 'bounceTime' | 'type';
type SuppressionParams = ListParams<'search', SortKey>;

/**
 * The order of a list (page, export and COPY alike): the sort key, with the address (unique in a
 * space) as the tie-break in the same direction, which is what keyset paging needs.
 */
function orderOf(table: SuppressionTable, sort: SuppressionParams['sortBy']) {
  const { key, direction } = sort ?? { key: 'email', direction: 'asc' };
  const email: KeysetColumn = { expression: table.email, type: 'text' };
  switch (key) {
    case 'email':
      return keysetOrder([email], direction);
    case 'type':
      return keysetOrder([{ expression: table.type, type: 'text' }, email], direction);
    default:
      return keysetOrder([{ expression: table.updatedAt, type: 'timestamptz' }, email], direction);
  }
}

const rowColumns = (table: SuppressionTable) => ({
  email: table.email,
  type: table.type,
  createdAt: table.createdAt,
  updatedAt: table.updatedAt,
});
export type SuppressionRow = {
  email: string;
  type: 'WORKSPACE' | 'USER';
  createdAt: Date;
  updatedAt: Date;
};

/** API-052 / API-055: one page of the list the viewer sees, with the total. */
export async function selectSuppressionPage(
  db: Db,
  kind: SuppressionListKind,
  viewer: Viewer,
  params: SuppressionParams,
): Promise<{ rows: SuppressionRow[]; total: number }> {
  const table = tables[kind];
  const where = and(visibleTo(table, viewer), matching(table, params.filterBy.search));
  const { orderBy } = orderOf(table, params.sortBy);
  return selectPage(db, { select: rowColumns(table), from: table, where, orderBy, page: params });
}

/** The rows of an export, page by page in the list's order (keyset on the sort key and the address). */
export function suppressionBatches(
  db: Db,
  kind: SuppressionListKind,
  viewer: Viewer,
  params: Pick<SuppressionParams, 'filterBy' | 'sortBy'>,
  maxRows: number,
) {
  const table = tables[kind];
  const order = orderOf(table, params.sortBy);
  return keysetSelectBatches(db, {
    select: rowColumns(table),
    from: table,
    where: and(visibleTo(table, viewer), matching(table, params.filterBy.search)),
    order,
    maxRows,
  });
}

/**
 * The same rows as `suppressionBatches`, as one query for `Database.copyCsv` (PostgreSQL), its
 * cells already in the export's text: address, time, type. The search pattern is not in the
 * text: it goes in the settings, bound by `copyCsv` (COPY takes no bind parameters).
 */
export function suppressionCopyQuery(
  db: Db,
  kind: SuppressionListKind,
  viewer: Viewer,
  params: Pick<SuppressionParams, 'filterBy' | 'sortBy'>,
  maxRows: number,
): CopyQuery {
  const table = tables[kind];
  const pattern = searchPattern(params.filterBy.search);
  const text = copyQueryText(
    db
      .select({
        email: csvSafeText(table.email),
        time: csvTimestamp(table.updatedAt),
        type: csvSafeText(table.type),
      })
      .from(table)
      .where(
        and(
          visibleTo(table, viewer),
          pattern === undefined ? undefined : sql`${table.email} LIKE ${copySetting(EXPORT_SEARCH_SETTING)}`,
        ),
      )
      .orderBy(...orderOf(table, params.sortBy).orderBy)
      .limit(maxRows),
  );
  return { text, settings: pattern === undefined ? {} : { [EXPORT_SEARCH_SETTING]: pattern } };
}

/**
 * Lists the addresses as the viewer's entries (WORKSPACE-type when the space shares its list,
 * else USER-type). Addresses already listed in the space are left as they are and not answered
 * (ON CONFLICT DO NOTHING).
 */
export async function insertSuppressions(
  db: Db,
  kind: SuppressionListKind,
  viewer: Viewer,
  addresses: readonly string[],
): Promise<{ email: string }[]> {
  const table = tables[kind];
  return db
    .insert(table)
    .values(
      addresses.map((email) => ({
        workspaceId: viewer.workspaceId,
        email,
        type: viewer.sharingOn ? ('WORKSPACE' as const) : ('USER' as const),
        createdByUserId: viewer.userId,
      })),
    )
    .onConflictDoNothing({ target: [table.workspaceId, table.email] })
    .returning({ email: table.email });
}

/** The entry of an address the viewer sees, locked until the transaction ends; null when none. */
export async function lockVisibleSuppression(
  db: Db,
  kind: SuppressionListKind,
  viewer: Viewer,
  emailAddress: string,
) {
  const table = tables[kind];
  const [row] = await db
    .select({ id: table.id, type: table.type })
    .from(table)
    .where(and(visibleTo(table, viewer), eq(table.email, emailAddress.toLowerCase())))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function deleteSuppressionRow(db: Db, kind: SuppressionListKind, id: string): Promise<void> {
  const table = tables[kind];
  await db.delete(table).where(inArray(table.id, [id]));
}

/**
 * The addresses among `addresses` (lower case) that the list the viewer sees holds: what a
 * merge of theirs must skip. The addresses go as one JSON parameter, however many there are, and
 * drive the query: each is looked up in the (workspace_id, email) index. (Written the other way
 * round, `email IN (the array)`, the planner guesses 100 addresses and rescans all 50,000 for
 * every entry of the list: seconds instead of milliseconds.)
 */
export async function listedAmong(
  db: Db,
  kind: SuppressionListKind,
  viewer: Viewer,
  addresses: readonly string[],
): Promise<string[]> {
  if (addresses.length === 0) return [];
  const table = tables[kind];
  const rows = await db
    .select({ email: sql<string>`a.email` })
    .from(sql`jsonb_array_elements_text(${JSON.stringify(addresses)}::jsonb) AS a(email)`)
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(table)
          .where(and(visibleTo(table, viewer), sql`${table.email} = a.email`)),
      ),
    );
  return rows.map((row) => row.email);
}
