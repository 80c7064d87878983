import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  canDeleteSuppression,
  type ListParams,
  type SuppressionItem,
  type SuppressionList,
} from '@mergeboard/core';
import type { Db } from '../../db/client';
import { analyticsEvents, bounces, unsubscriptions } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { CopyQuery } from '../../db/client';
import {
  EXPORT_SEARCH_SETTING,
  copyQueryText,
  copySetting,
  csvSafeText,
  csvTimestamp,
  keysetBatches,
} from '../../lib/csv-export';
import type { SpaceAccess } from '../../access/space-access';

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
const events = { unsubscriptions: 'manual_unsubscribe', bounces: 'manual_bounce' } as const;

/** The caller of a suppression route: the space membership checked by the route, and the user. */
export interface SuppressionCaller {
  space: SpaceAccess;
  user: { id: string; email: string };
}

interface Viewer {
  workspaceId: string;
  userId: string;
  role: SpaceAccess['membership']['role'];
  sharingOn: boolean;
}

/**
 * UNSUB-013 / BOUNCE-012: sharing is the caller's feature sharedUnsubscribes / sharedBounces
 * (a PREMIUM space, a paid user, and the SHARED_UNSUBS / SHARED_BOUNCES restriction lifted).
 */
export function viewerOf(kind: SuppressionListKind, caller: SuppressionCaller): Viewer {
  const { membership, workspace, permissions } = caller.space;
  return {
    workspaceId: workspace.id,
    userId: caller.user.id,
    role: membership.role,
    sharingOn: kind === 'unsubscriptions' ? permissions.sharedUnsubscribes : permissions.sharedBounces,
  };
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
  if (!term) return undefined;
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Search by part of the address; the pattern is a bound value, or the COPY setting holding it. */
function matching(table: SuppressionTable, pattern: string | SQL | undefined): SQL | undefined {
  return pattern === undefined ? undefined : sql`${table.email} LIKE ${pattern}`;
}

type SortKey = 'email' | 'unsubscriptionTime' | 'bounceTime' | 'type';

/** The order of a list, with the address as the tie-break in the same direction (keyset-friendly). */
function orderOf(table: SuppressionTable, sort: { key: SortKey; direction: 'asc' | 'desc' }) {
  const dir = sort.direction === 'asc' ? asc : desc;
  switch (sort.key) {
    case 'email':
      return [dir(table.email)];
    case 'type':
      return [dir(table.type), dir(table.email)];
    default:
      return [dir(table.updatedAt), dir(table.email)];
  }
}

const rowColumns = (table: SuppressionTable) => ({
  email: table.email,
  type: table.type,
  createdAt: table.createdAt,
  updatedAt: table.updatedAt,
  // Full precision of the timestamp for keyset paging (a JS Date keeps milliseconds only).
  updatedAtText: sql<string>`${table.updatedAt}::text`,
});
type Row = {
  email: string;
  type: 'WORKSPACE' | 'USER';
  createdAt: Date;
  updatedAt: Date;
  updatedAtText: string;
};

function toItem(row: Row, viewer: Viewer): SuppressionItem {
  return {
    emailAddress: row.email,
    type: row.type,
    createTimestamp: row.createdAt.getTime(),
    // UNSUB-011: last update, else creation (updated_at starts equal to created_at).
    lastUpdateTimestamp: row.updatedAt.getTime(),
    deletable: canDeleteSuppression({ type: row.type, role: viewer.role, sharingOn: viewer.sharingOn }),
  };
}

/** API-052 / API-055: one page of the list the caller sees, with the total. */
export async function listSuppressions(
  db: Db,
  kind: SuppressionListKind,
  viewer: Viewer,
  params: ListParams<'search', SortKey>,
): Promise<SuppressionList> {
  const table = tables[kind];
  const where = and(visibleTo(table, viewer), matching(table, searchPattern(params.filterBy.search)));
  const sort = params.sortBy ?? { key: 'email', direction: 'asc' };
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns(table))
      .from(table)
      .where(where)
      .orderBy(...orderOf(table, sort))
      .limit(params.limit)
      .offset(params.limitOffset),
    db.select({ n: count() }).from(table).where(where),
  ]);
  return { items: rows.map((row) => toItem(row, viewer)), total: total?.n ?? 0 };
}

/** The rows of an export, page by page in the list's order (keyset on the sort key and the address). */
export function suppressionBatches(
  db: Db,
  kind: SuppressionListKind,
  viewer: Viewer,
  params: Pick<ListParams<'search', SortKey>, 'filterBy' | 'sortBy'>,
  maxRows: number,
) {
  const table = tables[kind];
  const sort = params.sortBy ?? { key: 'email', direction: 'asc' };
  const op = sql.raw(sort.direction === 'asc' ? '>' : '<');
  const after = (row: Row): SQL => {
    switch (sort.key) {
      case 'email':
        return sql`${table.email} ${op} ${row.email}`;
      case 'type':
        return sql`(${table.type}, ${table.email}) ${op} (${row.type}, ${row.email})`;
      default:
        return sql`(${table.updatedAt}, ${table.email}) ${op} (${row.updatedAtText}::timestamptz, ${row.email})`;
    }
  };
  return keysetBatches<Row, Row>({
    maxRows,
    cursorOf: (row) => row,
    fetchPage: (cursor, limit) =>
      db
        .select(rowColumns(table))
        .from(table)
        .where(
          and(
            visibleTo(table, viewer),
            matching(table, searchPattern(params.filterBy.search)),
            cursor ? after(cursor) : undefined,
          ),
        )
        .orderBy(...orderOf(table, sort))
        .limit(limit),
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
  params: Pick<ListParams<'search', SortKey>, 'filterBy' | 'sortBy'>,
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
          matching(table, pattern === undefined ? undefined : copySetting(EXPORT_SEARCH_SETTING)),
        ),
      )
      .orderBy(...orderOf(table, params.sortBy ?? { key: 'email', direction: 'asc' }))
      .limit(maxRows),
  );
  return { text, settings: pattern === undefined ? {} : { [EXPORT_SEARCH_SETTING]: pattern } };
}

/**
 * API-053 / API-056: adds the addresses in one transaction. Entries are WORKSPACE-type when the
 * caller's sharing is on, else USER-type. Addresses already listed in the space are left as they
 * are and not counted (ON CONFLICT DO NOTHING). Records manual_unsubscribe / manual_bounce
 * (EVT-010 / EVT-011) in the same transaction.
 */
export async function addSuppressions(
  db: Db,
  kind: SuppressionListKind,
  viewer: Viewer,
  emailAddresses: readonly string[],
): Promise<{ updated: number }> {
  const table = tables[kind];
  const addresses = [...new Set(emailAddresses.map((email) => email.trim().toLowerCase()))];
  if (addresses.length === 0) throw new AppError('bad_request', 'emailAddresses are required');
  return db.transaction(async (tx) => {
    const inserted = await tx
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
    await tx.insert(analyticsEvents).values({
      eventType: events[kind],
      userId: viewer.userId,
      workspaceId: viewer.workspaceId,
      payload: { requested: addresses.length, updated: inserted.length },
    });
    return { updated: inserted.length };
  });
}

/** API-054 / API-057: removes one entry the caller sees; 403 for a shared entry a MEMBER cannot delete. */
export async function deleteSuppression(
  db: Db,
  kind: SuppressionListKind,
  viewer: Viewer,
  emailAddress: string,
): Promise<void> {
  const table = tables[kind];
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: table.id, type: table.type })
      .from(table)
      .where(and(visibleTo(table, viewer), eq(table.email, emailAddress.toLowerCase())))
      .for('update')
      .limit(1);
    if (!row) throw new AppError('not_found', 'This address is not on your list');
    if (!canDeleteSuppression({ type: row.type, role: viewer.role, sharingOn: viewer.sharingOn })) {
      throw new AppError(
        'forbidden',
        'Only the owner and admins can delete an address shared with the space',
      );
    }
    await tx.delete(table).where(inArray(table.id, [row.id]));
  });
}

/** EVT-008: an export of either list (recorded by the server when the export starts). */
export async function recordCsvExport(db: Db, kind: SuppressionListKind, viewer: Viewer): Promise<void> {
  await db.insert(analyticsEvents).values({
    eventType: 'csv_export',
    userId: viewer.userId,
    workspaceId: viewer.workspaceId,
    payload: { list: kind },
  });
}
