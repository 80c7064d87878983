import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  lt,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { dateRangeBounds, type DateRange, type Sort } from '@mergeboard/core';
import type { Db } from '../../db/client';
import { keysetOrder, keysetSelectBatches } from '../../db/keyset-paging';
import { selectPage } from '../../db/page-query';
import { campaigns, merges, pollAnswers, scheduledMerges } from '../../db/schema';
import { anyContains } from '../../db/search-pattern';

/** A sent-merges list's filters, checked by the service. */
export interface SentFilters {
  workspaceId?: string | undefined;
  search?: string | undefined;
  dateRange?: DateRange | undefined;
}
/** A scheduled-merges list's filters, checked by the service. */
export type ScheduledFilters = Omit<SentFilters, 'dateRange'>;

type SentSort = Sort<'date' | 'title' | 'sent'> | undefined;
type ScheduledSort = Sort<'date' | 'title'> | undefined;
type Page = { limit: number; limitOffset: number };

/** The WHERE clause of the caller's sent merges under a list's filters (list and export alike). */
function sentWhere(userId: string, filters: SentFilters, now: Date) {
  const conditions: SQL[] = [eq(campaigns.userId, userId)];
  if (filters.workspaceId) conditions.push(eq(campaigns.workspaceId, filters.workspaceId));
  if (filters.search) conditions.push(anyContains([campaigns.title], filters.search));
  if (filters.dateRange) {
    const { from, to } = dateRangeBounds(filters.dateRange, now);
    conditions.push(gte(campaigns.lastEmailSentAt, from), lt(campaigns.lastEmailSentAt, to));
  }
  return and(...conditions);
}

const sentSortColumn = (key: NonNullable<SentSort>['key'] | undefined) =>
  ({ date: campaigns.lastEmailSentAt, title: campaigns.title, sent: campaigns.sentCount })[key ?? 'date'];

/**
 * API-048: a page of the caller's own sent merges, newest first by default. Only the sender's
 * rows are read (user_id in the WHERE clause), so a space filter cannot reveal anyone else's.
 */
export async function listSentCampaigns(
  db: Db,
  userId: string,
  params: { filterBy: SentFilters; sortBy?: SentSort } & Page,
  now = new Date(),
) {
  const where = sentWhere(userId, params.filterBy, now);
  const column = sentSortColumn(params.sortBy?.key);
  const direction = params.sortBy?.direction === 'asc' ? asc : desc;
  const orderBy = [direction(column), desc(campaigns.id)];
  return selectPage(db, {
    select: getTableColumns(campaigns),
    from: campaigns,
    where,
    orderBy,
    page: params,
  });
}

/** The SQL type a sort key's text form is cast back to in an export's keyset cursor. */
const KEY_TYPES = { date: 'timestamptz', title: 'text', sent: 'integer' } as const;

/** An export's order: the sort value, then the id to break ties, both in the sort's direction. */
const exportOrder = (column: SQL | SQLWrapper, id: SQLWrapper, key: keyof typeof KEY_TYPES, sort?: Sort) =>
  keysetOrder(
    [
      { expression: column, type: KEY_TYPES[key] },
      { expression: id, type: 'uuid' },
    ],
    sort?.direction === 'asc' ? 'asc' : 'desc',
  );

/** The caller's sent merges for an export (CONST-010), batch by batch in the list's order. */
export function sentCampaignBatches(
  db: Db,
  userId: string,
  params: { filterBy: SentFilters; sortBy?: SentSort },
  maxRows: number,
  now = new Date(),
  pageSize?: number,
) {
  const where = sentWhere(userId, params.filterBy, now);
  const key = params.sortBy?.key ?? 'date';
  const order = exportOrder(sentSortColumn(key), campaigns.id, key, params.sortBy);
  const select = { campaign: campaigns };
  return keysetSelectBatches(db, { select, from: campaigns, where, order, maxRows, pageSize });
}

export async function findOwnCampaign(db: Db, userId: string, campaignId: string) {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
    .limit(1);
  return row ?? null;
}

export function pollAnswersOf(db: Db, campaignId: string) {
  return db
    .select({ info: pollAnswers.answer, count: pollAnswers.count })
    .from(pollAnswers)
    .where(eq(pollAnswers.campaignId, campaignId))
    .orderBy(desc(pollAnswers.count), asc(pollAnswers.answer));
}

/**
 * API-051: one page of a campaign's poll answers, one row per response. Answers are stored as
 * counts (poll_answers), so each (answer, count) row is expanded into `count` responses; response
 * n of an answer with c responses sorts at n / c, which interleaves the answers in proportion to
 * their counts: any first page shows the shares of the whole poll, even when a client stops
 * reading early. Equal positions fall back to the answer, so pages never overlap. The expansion
 * is at most one row per recipient of the campaign.
 */
export async function pollResponsesOf(
  db: Db,
  campaignId: string,
  page: { limit: number; limitOffset: number },
) {
  // A function in FROM may read the columns of the tables before it (LATERAL is implied).
  const response = sql`generate_series(1, ${pollAnswers.count}) AS response(n)`;
  const [items, [total]] = await Promise.all([
    db
      .select({ value: pollAnswers.answer })
      .from(pollAnswers)
      .crossJoin(response)
      .where(eq(pollAnswers.campaignId, campaignId))
      .orderBy(sql`response.n::float8 / ${pollAnswers.count}`, asc(pollAnswers.answer))
      .limit(page.limit)
      .offset(page.limitOffset),
    db
      .select({ n: sql<number>`coalesce(sum(${pollAnswers.count}), 0)`.mapWith(Number) })
      .from(pollAnswers)
      .where(eq(pollAnswers.campaignId, campaignId)),
  ]);
  return { items, total: total?.n ?? 0 };
}

function scheduledWhere(userId: string, filters: ScheduledFilters) {
  const conditions: SQL[] = [eq(scheduledMerges.userId, userId)];
  if (filters.workspaceId) conditions.push(eq(scheduledMerges.workspaceId, filters.workspaceId));
  if (filters.search) conditions.push(anyContains([scheduledMerges.title], filters.search));
  return and(...conditions);
}

// The next run is the date of a scheduled merge; one waiting for the quota has none and sorts by creation.
const scheduledDate = sql`coalesce(${scheduledMerges.mergeTime}, ${scheduledMerges.createdAt})`;

/** API-044: a page of the caller's scheduled merges, newest first by default. */
export async function listScheduledMerges(
  db: Db,
  userId: string,
  params: { filterBy: ScheduledFilters; sortBy?: ScheduledSort } & Page,
) {
  const where = scheduledWhere(userId, params.filterBy);
  const column = params.sortBy?.key === 'title' ? scheduledMerges.title : scheduledDate;
  const direction = params.sortBy?.direction === 'asc' ? asc : desc;
  const select = getTableColumns(scheduledMerges);
  const orderBy = [direction(column), desc(scheduledMerges.id)];
  return selectPage(db, { select, from: scheduledMerges, where, orderBy, page: params });
}

/** The caller's scheduled merges for an export (CONST-010), batch by batch in the list's order. */
export function scheduledMergeBatches(
  db: Db,
  userId: string,
  params: { filterBy: ScheduledFilters; sortBy?: ScheduledSort },
  maxRows: number,
) {
  const where = scheduledWhere(userId, params.filterBy);
  const key = params.sortBy?.key ?? 'date';
  const column = key === 'title' ? scheduledMerges.title : scheduledDate;
  const order = exportOrder(column, scheduledMerges.id, key, params.sortBy);
  const select = { merge: scheduledMerges };
  return keysetSelectBatches(db, { select, from: scheduledMerges, where, order, maxRows });
}

export async function findOwnScheduledMerge(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(scheduledMerges)
    .where(and(eq(scheduledMerges.id, id), eq(scheduledMerges.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The merges the scheduled rows run, with their pause: a PAUSED one reads 'Paused', not its next run. */
export async function mergesOfScheduled(db: Db, scheduledMergeIds: string[]) {
  if (scheduledMergeIds.length === 0) return [];
  return db
    .select({
      scheduledMergeId: merges.scheduledMergeId,
      mergeId: merges.id,
      status: merges.status,
      pausedAt: merges.pausedAt,
      pauseReason: merges.pauseReason,
      pauseDetails: merges.pauseDetails,
    })
    .from(merges)
    .where(inArray(merges.scheduledMergeId, scheduledMergeIds));
}

/** Deletes the caller's own scheduled merge; false when there was none to delete. */
export async function deleteOwnScheduledMerge(db: Db, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(scheduledMerges)
    .where(and(eq(scheduledMerges.id, id), eq(scheduledMerges.userId, userId)))
    .returning({ id: scheduledMerges.id });
  return deleted.length > 0;
}

export async function countScheduled(db: Db, userId: string, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(scheduledMerges)
    .where(and(eq(scheduledMerges.userId, userId), eq(scheduledMerges.workspaceId, workspaceId)));
  return row?.n ?? 0;
}
