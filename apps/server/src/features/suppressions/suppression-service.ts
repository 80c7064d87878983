import type { Readable } from 'node:stream';
import {
  EXPORT_MAX_ROWS,
  canDeleteSuppression,
  type ListParams,
  type SuppressionItem,
  type SuppressionList,
} from '@mergeboard/core';
import type { Database, Db } from '../../db/client';
import { analyticsEvents } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { recordCsvExport } from '../../lib/record-csv-export';
import { findSpaceAccess, type SpaceAccess } from '../../access/space-access';
import { exportFiles } from './suppression-export';
import {
  deleteSuppressionRow,
  insertSuppressions,
  listedAmong,
  lockVisibleSuppression,
  selectSuppressionPage,
  suppressionBatches,
  suppressionCopyQuery,
  type SortKey,
  type SuppressionListKind,
  type SuppressionRow,
  type Viewer,
} from './suppression-queries';

export type { SuppressionListKind } from './suppression-queries';

const events = { unsubscriptions: 'manual_unsubscribe', bounces: 'manual_bounce' } as const;

/** The caller of a suppression route: the space membership checked by the route, and the user. */
interface SuppressionCaller {
  space: SpaceAccess;
  user: { id: string; email: string };
}

/** What every call of a list acts on: which list, and who asks. */
interface ListCall {
  kind: SuppressionListKind;
  caller: SuppressionCaller;
}

/**
 * UNSUB-013 / BOUNCE-012: sharing is the caller's feature sharedUnsubscribes / sharedBounces
 * (a PREMIUM space, a paid user, and the SHARED_UNSUBS / SHARED_BOUNCES restriction lifted).
 */
function viewerOf(kind: SuppressionListKind, caller: SuppressionCaller): Viewer {
  const { membership, workspace, permissions } = caller.space;
  return {
    workspaceId: workspace.id,
    userId: caller.user.id,
    role: membership.role,
    sharingOn: kind === 'unsubscriptions' ? permissions.sharedUnsubscribes : permissions.sharedBounces,
  };
}

function toItem(row: SuppressionRow, viewer: Viewer): SuppressionItem {
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
  options: ListCall & { params: ListParams<'search', SortKey> },
): Promise<SuppressionList> {
  const viewer = viewerOf(options.kind, options.caller);
  const { rows, total } = await selectSuppressionPage(db, options.kind, viewer, options.params);
  return { items: rows.map((row) => toItem(row, viewer)), total };
}

/**
 * API-053 / API-056: adds the addresses in one transaction. Entries are WORKSPACE-type when the
 * caller's sharing is on, else USER-type. Addresses already listed in the space are left as they
 * are and not counted (ON CONFLICT DO NOTHING). Records manual_unsubscribe / manual_bounce
 * (EVT-010 / EVT-011) in the same transaction.
 */
export async function addSuppressions(
  db: Db,
  options: ListCall & { emailAddresses: readonly string[] },
): Promise<{ updated: number }> {
  const { kind } = options;
  const viewer = viewerOf(kind, options.caller);
  const addresses = [...new Set(options.emailAddresses.map((email) => email.trim().toLowerCase()))];
  if (addresses.length === 0) throw new AppError('bad_request', 'emailAddresses are required');
  return db.transaction(async (tx) => {
    const inserted = await insertSuppressions(tx, kind, viewer, addresses);
    await tx.insert(analyticsEvents).values({
      eventType: events[kind],
      userId: viewer.userId,
      workspaceId: viewer.workspaceId,
      payload: { requested: addresses.length, updated: inserted.length },
    });
    return { updated: inserted.length };
  });
}

/**
 * A recipient unsubscribed from a message `sender` sent (RFC 8058 one-click, or the confirmation
 * page): the address joins the space's unsubscriptions under UNSUB-013, WORKSPACE-type when the
 * sender's sharing is on, else the sender's own (USER-type, also when the sender has left the
 * space). Already listed: left as it is. No analytics event: EVT-010 is a member's manual add.
 */
export async function addRecipientUnsubscription(db: Db, options: RecipientSuppression): Promise<void> {
  await addRecipientSuppression(db, 'unsubscriptions', options);
}

/**
 * A message `sender` sent bounced for good (a hard bounce: a DSN, or an SMTP 5xx at send time):
 * the address joins the space's bounces under BOUNCE-012, as addRecipientUnsubscription does for
 * unsubscriptions (WORKSPACE-type when the sender's sharedBounces is on, else the sender's own).
 */
export async function addRecipientBounce(db: Db, options: RecipientSuppression): Promise<void> {
  await addRecipientSuppression(db, 'bounces', options);
}

interface RecipientSuppression {
  workspaceId: string;
  sender: { id: string; email: string };
  email: string;
}

async function addRecipientSuppression(
  db: Db,
  kind: SuppressionListKind,
  options: RecipientSuppression,
): Promise<void> {
  const space = await findSpaceAccess(db, options.workspaceId, options.sender);
  const viewer: Viewer = space
    ? viewerOf(kind, { space, user: options.sender })
    : { workspaceId: options.workspaceId, userId: options.sender.id, role: 'MEMBER', sharingOn: false };
  await insertSuppressions(db, kind, viewer, [options.email.toLowerCase()]);
}

/** API-054 / API-057: removes one entry the caller sees; 403 for a shared entry a MEMBER cannot delete. */
export async function deleteSuppression(db: Db, options: ListCall & { emailAddress: string }): Promise<void> {
  const { kind } = options;
  const viewer = viewerOf(kind, options.caller);
  await db.transaction(async (tx) => {
    const row = await lockVisibleSuppression(tx, kind, viewer, options.emailAddress);
    if (!row) throw new AppError('not_found', 'This address is not on your list');
    if (!canDeleteSuppression({ type: row.type, role: viewer.role, sharingOn: viewer.sharingOn })) {
      throw new AppError(
        'forbidden',
        'Only the owner and admins can delete an address shared with the space',
      );
    }
    await deleteSuppressionRow(tx, kind, row.id);
  });
}

/** An export to stream: lines PostgreSQL wrote (`streamCopiedCsv`), or rows to write (`streamCsv`). */
type SuppressionExport =
  | { what: string; headers: string[]; rows: Readable }
  | {
      what: string;
      columns: (typeof exportFiles)[SuppressionListKind]['columns'];
      batches: AsyncIterable<readonly SuppressionRow[]>;
    };

/**
 * The export of a list (CONST-010, EVT-008), recorded when it starts: on PostgreSQL the rows
 * PostgreSQL writes itself (COPY), else pages of rows to write as CSV. COPY starts on its own
 * connection while the event is written.
 */
export async function exportSuppressions(
  database: Database,
  options: ListCall & { query: Pick<ListParams<'search', SortKey>, 'filterBy' | 'sortBy'> },
): Promise<SuppressionExport> {
  const { kind, query } = options;
  const viewer = viewerOf(kind, options.caller);
  const { what, columns } = exportFiles[kind];
  const event = { userId: viewer.userId, workspaceId: viewer.workspaceId, list: kind };
  if (database.copyCsv) {
    const rows = database.copyCsv(suppressionCopyQuery(database.db, kind, viewer, query, EXPORT_MAX_ROWS));
    await recordCsvExport(database.db, event).catch((error: unknown) => {
      rows.destroy();
      throw error;
    });
    return { what, headers: columns.map((column) => column.header), rows };
  }
  await recordCsvExport(database.db, event);
  return { what, columns, batches: suppressionBatches(database.db, kind, viewer, query, EXPORT_MAX_ROWS) };
}

/**
 * The addresses among `addresses` (lower case) that a merge sent by the caller must skip: those
 * on the unsubscription or bounce list the caller sees in the space (the space's shared entries
 * when sharing is on for them, UNSUB-013 / BOUNCE-012, and always their own) — the lists' one rule.
 */
export async function suppressedAmong(
  db: Db,
  options: { caller: SuppressionCaller; addresses: readonly string[] },
): Promise<Set<string>> {
  const lists = await Promise.all(
    (['unsubscriptions', 'bounces'] as const).map((kind) =>
      listedAmong(db, kind, viewerOf(kind, options.caller), options.addresses),
    ),
  );
  return new Set(lists.flat());
}
