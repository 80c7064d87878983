import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  TEAM_REPORT_MEMBER_STATUSES,
  type Sort,
  type TeamReportMemberStatus,
  type TeamReportSortKey,
  type TeamSummary,
} from '@mergeboard/core';
import type { Db } from '../../db/client';
import { memberships, senderMonthlySent, users } from '../../db/schema';
import { anyContains } from '../../db/search-pattern';

/** The calendar month (UTC) that holds `now`: [start, end). */
export function utcMonthOf(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/** The first day of a month, as the `month` column of sender_monthly_sent holds it. */
const monthKey = (month: { start: Date }) => month.start.toISOString().slice(0, 10);

/**
 * Per sender in the space: emails sent all time, this month, and the last email, from the
 * monthly rollup (a few rows per sender; form submission notifications are never in it).
 */
function perSender(db: Db, workspaceId: string, month: { start: Date; end: Date }) {
  return db
    .select({
      userId: senderMonthlySent.userId,
      allTime: sql<number>`sum(${senderMonthlySent.sent})::bigint`.as('all_time'),
      thisMonth:
        sql<number>`coalesce(sum(${senderMonthlySent.sent}) filter (where ${senderMonthlySent.month} = ${monthKey(month)}), 0)::bigint`.as(
          'this_month_total',
        ),
      lastSentMs: sql<
        number | null
      >`(extract(epoch from max(${senderMonthlySent.lastSentAt})) * 1000)::bigint`.as('last_sent_ms'),
    })
    .from(senderMonthlySent)
    .where(eq(senderMonthlySent.workspaceId, workspaceId))
    .groupBy(senderMonthlySent.userId)
    .as('per_sender');
}

/** API-058: one page of the members table, with the total: members of the given statuses matching the search. */
export async function selectTeamMembers(
  db: Db,
  workspaceId: string,
  params: {
    statuses: TeamReportMemberStatus[];
    search: string | undefined;
    sortBy: Sort<TeamReportSortKey> | undefined;
    limit: number;
    limitOffset: number;
  },
  now: Date,
) {
  const stats = perSender(db, workspaceId, utcMonthOf(now));
  const conditions: SQL[] = [
    eq(memberships.workspaceId, workspaceId),
    inArray(memberships.status, params.statuses),
  ];
  if (params.search) conditions.push(anyContains([users.email, users.name], params.search));
  const userName = sql`coalesce(${users.name}, ${users.email})`;
  const allTime = sql`coalesce(${stats.allTime}, 0)`;
  const thisMonth = sql`coalesce(${stats.thisMonth}, 0)`;
  const sortExpressions: Record<TeamReportSortKey, SQL> = {
    userName: sql`lower(${userName})`,
    userEmail: sql`${users.email}`,
    lastEmailSentTimestamp: sql`${stats.lastSentMs}`,
    emailSentThisMonth: thisMonth,
    emailSentAllTime: allTime,
  };
  const sort = params.sortBy ?? { key: 'userName' as const, direction: 'asc' as const };
  const primary = sortExpressions[sort.key];
  // Members who never sent sort after those who did, whichever the direction.
  const order = sort.direction === 'asc' ? sql`${primary} asc nulls last` : sql`${primary} desc nulls last`;

  const rows = await db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      picture: users.profilePictureUrl,
      lastSentMs: stats.lastSentMs,
      thisMonth: sql<number>`${thisMonth}`.mapWith(Number),
      allTime: sql<number>`${allTime}`.mapWith(Number),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(stats, eq(stats.userId, memberships.userId))
    .where(and(...conditions))
    .orderBy(order, asc(users.email))
    .limit(params.limit)
    .offset(params.limitOffset);

  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && params.limitOffset > 0) {
    // Past the last page the window count is not there; count the members on their own.
    const [counted] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(...conditions));
    total = counted?.n ?? 0;
  }
  return { rows, total };
}

/**
 * API-059: the stat cards. activeUserCount is the number of members the report lists (ACTIVE or
 * LEGACY); the email counts are the whole space's (also campaigns of people who have left),
 * form submission notifications excluded.
 */
export async function teamSummary(db: Db, workspaceId: string, now: Date): Promise<TeamSummary> {
  const month = utcMonthOf(now);
  const [[members], [sent]] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(memberships)
      .where(
        and(
          eq(memberships.workspaceId, workspaceId),
          inArray(memberships.status, [...TEAM_REPORT_MEMBER_STATUSES]),
        ),
      ),
    db
      .select({
        allTime: sql<number>`coalesce(sum(${senderMonthlySent.sent}), 0)`.mapWith(Number),
        thisMonth:
          sql<number>`coalesce(sum(${senderMonthlySent.sent}) filter (where ${senderMonthlySent.month} = ${monthKey(month)}), 0)`.mapWith(
            Number,
          ),
      })
      .from(senderMonthlySent)
      .where(eq(senderMonthlySent.workspaceId, workspaceId)),
  ]);
  return {
    activeUserCount: members?.n ?? 0,
    emailSentAllTime: sent?.allTime ?? 0,
    emailSentThisMonth: sent?.thisMonth ?? 0,
  };
}
