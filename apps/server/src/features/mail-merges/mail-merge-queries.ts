import { and, asc, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import { DATE_RANGE_VALUES, dateRangeBounds, type DateRange, type ListParams } from '@mergeboard/core';
import type { Db } from '../../db/client';
import { campaigns, pollAnswers, scheduledMerges } from '../../db/schema';
import { AppError } from '../../http/app-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function workspaceFilter(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!UUID.test(value)) {
    throw new AppError('validation_failed', 'filterBy workspaceId must be a space id', {
      fields: { 'querystring.filterBy': 'workspaceId must be a space id' },
    });
  }
  return value;
}

function dateRangeFilter(value: string | undefined): DateRange | undefined {
  if (value === undefined) return undefined;
  if (!(DATE_RANGE_VALUES as readonly string[]).includes(value)) {
    throw new AppError(
      'validation_failed',
      `filterBy dateRange must be one of ${DATE_RANGE_VALUES.join(', ')}`,
      {
        fields: { 'querystring.filterBy': `dateRange must be one of ${DATE_RANGE_VALUES.join(', ')}` },
      },
    );
  }
  return value as DateRange;
}

/**
 * API-048: a page of the caller's own sent merges, newest first by default. Only the sender's
 * rows are read (user_id in the WHERE clause), so a space filter cannot reveal anyone else's.
 */
export async function listSentCampaigns(
  db: Db,
  userId: string,
  params: ListParams<'workspaceId' | 'search' | 'dateRange', 'date' | 'title' | 'sent'>,
  now = new Date(),
) {
  const conditions: SQL[] = [eq(campaigns.userId, userId)];
  const workspaceId = workspaceFilter(params.filterBy.workspaceId);
  if (workspaceId) conditions.push(eq(campaigns.workspaceId, workspaceId));
  const search = params.filterBy.search?.trim();
  if (search) conditions.push(ilike(campaigns.title, likePattern(search)));
  const range = dateRangeFilter(params.filterBy.dateRange);
  if (range) {
    const { from, to } = dateRangeBounds(range, now);
    conditions.push(gte(campaigns.lastEmailSentAt, from), lt(campaigns.lastEmailSentAt, to));
  }
  const where = and(...conditions);
  const column = { date: campaigns.lastEmailSentAt, title: campaigns.title, sent: campaigns.sentCount }[
    params.sortBy?.key ?? 'date'
  ];
  const direction = params.sortBy?.direction === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(campaigns)
      .where(where)
      .orderBy(direction(column), desc(campaigns.id))
      .limit(params.limit)
      .offset(params.limitOffset),
    db.select({ n: count() }).from(campaigns).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
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

/** API-044: a page of the caller's scheduled merges, newest first by default. */
export async function listScheduledMerges(
  db: Db,
  userId: string,
  params: ListParams<'workspaceId' | 'search', 'date' | 'title'>,
) {
  const conditions: SQL[] = [eq(scheduledMerges.userId, userId)];
  const workspaceId = workspaceFilter(params.filterBy.workspaceId);
  if (workspaceId) conditions.push(eq(scheduledMerges.workspaceId, workspaceId));
  const search = params.filterBy.search?.trim();
  if (search) conditions.push(ilike(scheduledMerges.title, likePattern(search)));
  const where = and(...conditions);
  // The next run is the date of a scheduled merge; one waiting for the quota has none and sorts by creation.
  const date = sql`coalesce(${scheduledMerges.mergeTime}, ${scheduledMerges.createdAt})`;
  const column = params.sortBy?.key === 'title' ? scheduledMerges.title : date;
  const direction = params.sortBy?.direction === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(scheduledMerges)
      .where(where)
      .orderBy(direction(column), desc(scheduledMerges.id))
      .limit(params.limit)
      .offset(params.limitOffset),
    db.select({ n: count() }).from(scheduledMerges).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findOwnScheduledMerge(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(scheduledMerges)
    .where(and(eq(scheduledMerges.id, id), eq(scheduledMerges.userId, userId)))
    .limit(1);
  return row ?? null;
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
