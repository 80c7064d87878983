import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { MergePoll, Sort } from '@mergeboard/core';
import type { Db } from '../../db/client';
import { keysetOrder, keysetSelectBatches, type KeysetColumn } from '../../db/keyset-paging';
import { selectPage } from '../../db/page-query';
import { campaignRecipients, merges } from '../../db/schema';
import { anyContains } from '../../db/search-pattern';

export type RecipientSort = Sort<'row' | 'email' | 'opened' | 'clicked'> | undefined;
/** A recipients list's filter (a part of the address), checked by the service. */
export interface RecipientFilters {
  search?: string | undefined;
}

const recipient = campaignRecipients;

function recipientsWhere(campaignId: string, filters: RecipientFilters): SQL {
  return and(
    eq(recipient.campaignId, campaignId),
    filters.search ? anyContains([recipient.email], filters.search) : undefined,
  )!;
}

/**
 * Who has not opened (clicked) yet sorts as the earliest time: last when sorted newest first.
 * Keyset cursors compare row values, in which a NULL would match nothing.
 */
const firstTime = (column: typeof recipient.openedAt): KeysetColumn => ({
  expression: sql`coalesce(${column}, '-infinity'::timestamptz)`,
  type: 'timestamptz',
});

/**
 * The order of a recipients list (page and export alike): the sort key, then the address (unique
 * in a campaign) in the same direction, which makes the order total for keyset paging. Sheet
 * order is the default; every recipient row has its sheet row number.
 */
function recipientOrder(sort: RecipientSort) {
  const { key, direction } = sort ?? { key: 'row', direction: 'asc' };
  const email: KeysetColumn = { expression: recipient.email, type: 'text' };
  const first: Record<typeof key, KeysetColumn | null> = {
    row: { expression: recipient.rowNumber, type: 'integer' },
    email: null,
    opened: firstTime(recipient.openedAt),
    clicked: firstTime(recipient.clickedAt),
  };
  const sortColumn = first[key];
  return keysetOrder(sortColumn ? [sortColumn, email] : [email], direction);
}

const recipientColumns = {
  email: recipient.email,
  status: recipient.status,
  sentAt: recipient.sentAt,
  openedAt: recipient.openedAt,
  clickedAt: recipient.clickedAt,
  pollAnswer: recipient.pollAnswer,
  unsubscribedAt: recipient.unsubscribedAt,
  bouncedAt: recipient.bouncedAt,
  respondedAt: recipient.respondedAt,
  complainedAt: recipient.complainedAt,
  softBounces: recipient.softBounces,
  failureReason: recipient.failureReason,
};

/** A page of a campaign's recipients under the list's filter and order, with the total. */
export function selectRecipientPage(
  db: Db,
  campaignId: string,
  params: { filterBy: RecipientFilters; sortBy?: RecipientSort; limit: number; limitOffset: number },
) {
  return selectPage(db, {
    select: recipientColumns,
    from: recipient,
    where: recipientsWhere(campaignId, params.filterBy),
    orderBy: recipientOrder(params.sortBy).orderBy,
    page: params,
  });
}

/** A campaign's recipients for an export (CONST-010), batch by batch in the list's order. */
export function recipientBatches(
  db: Db,
  campaignId: string,
  params: { filterBy: RecipientFilters; sortBy?: RecipientSort },
  maxRows: number,
  pageSize?: number,
) {
  return keysetSelectBatches(db, {
    select: recipientColumns,
    from: recipient,
    where: recipientsWhere(campaignId, params.filterBy),
    order: recipientOrder(params.sortBy),
    maxRows,
    pageSize,
  });
}

/** The poll of the merge that sent the campaign (a merge starts one campaign); null when none. */
export async function pollOfCampaign(db: Db, campaignId: string): Promise<MergePoll | null> {
  const [row] = await db
    .select({ poll: merges.poll })
    .from(merges)
    .where(eq(merges.campaignId, campaignId))
    .limit(1);
  return row?.poll ?? null;
}
