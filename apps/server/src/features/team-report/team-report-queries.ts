import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  TEAM_REPORT_MEMBER_STATUSES,
  type ListParams,
  type TeamMember,
  type TeamReportMemberStatus,
  type TeamReportSortKey,
  type TeamSummary,
} from '@mergeboard/core';
import type { Db } from '../../db/client';
import { campaigns, memberships, users } from '../../db/schema';
import { AppError } from '../../http/app-error';

/** The calendar month (UTC) that holds `now`: [start, end). */
export function utcMonthOf(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/**
 * Emails of one campaign sent in the month, counted from its recipients. A campaign whose last
 * email went out before the month cannot have any, so only this month's campaigns are looked
 * into (through the campaign_id-led unique index of campaign_recipients).
 */
function sentThisMonth(month: { start: Date; end: Date }): SQL<number> {
  // Spelled out with table names: drizzle leaves columns unqualified inside a derived table,
  // where the correlated "id" would then name the recipient's own id.
  const start = month.start.toISOString();
  const end = month.end.toISOString();
  return sql<number>`case when "campaigns"."last_email_sent_at" >= ${start}
    then (select count(*) from "campaign_recipients" r
      where r."campaign_id" = "campaigns"."id" and r."sent_at" >= ${start} and r."sent_at" < ${end})
    else 0 end`;
}

/**
 * Per sender in the space, from one grouped pass over its campaigns: emails sent all time (the
 * campaigns' sent counters, which mirror the recipients' sent_at), this month, and the last
 * email. Form submission notifications are not counted (they do not move the last-sent time either).
 */
function perSender(db: Db, workspaceId: string, month: { start: Date; end: Date }) {
  const counted = db
    .select({
      userId: campaigns.userId,
      sentCount: campaigns.sentCount,
      lastEmailSentAt: campaigns.lastEmailSentAt,
      thisMonth: sentThisMonth(month).as('this_month'),
    })
    .from(campaigns)
    .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.isFormNotification, false)))
    .as('counted');
  return db
    .select({
      userId: counted.userId,
      allTime: sql<number>`coalesce(sum(${counted.sentCount}), 0)::bigint`.as('all_time'),
      thisMonth: sql<number>`coalesce(sum(${counted.thisMonth}), 0)::bigint`.as('this_month_total'),
      lastSentMs: sql<number | null>`(extract(epoch from max(${counted.lastEmailSentAt})) * 1000)::bigint`.as(
        'last_sent_ms',
      ),
    })
    .from(counted)
    .groupBy(counted.userId)
    .as('per_sender');
}

function statusesOf(filter: string | undefined): TeamReportMemberStatus[] {
  if (filter === undefined || filter === '') return [...TEAM_REPORT_MEMBER_STATUSES];
  const wanted = filter.split('|').map((value) => value.trim().toUpperCase());
  const unknown = wanted.filter((value) => !TEAM_REPORT_MEMBER_STATUSES.includes(value as never));
  if (unknown.length) {
    throw new AppError('validation_failed', `memberStatus must be ACTIVE or LEGACY`, {
      fields: {
        'query.filterBy': `memberStatus '${unknown.join('|')}' is not supported; use ACTIVE or LEGACY`,
      },
    });
  }
  return wanted as TeamReportMemberStatus[];
}

const toNumber = (value: unknown): number => Number(value ?? 0);

/** API-058: one page of the members table (ACTIVE and LEGACY members, TEAM-005), with the total. */
export async function listTeamMembers(
  db: Db,
  workspaceId: string,
  params: ListParams<'memberStatus' | 'search', TeamReportSortKey>,
  now: Date,
): Promise<{ items: TeamMember[]; total: number }> {
  const stats = perSender(db, workspaceId, utcMonthOf(now));
  const conditions: SQL[] = [
    eq(memberships.workspaceId, workspaceId),
    inArray(memberships.status, statusesOf(params.filterBy.memberStatus)),
  ];
  const search = params.filterBy.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(users.email, pattern), ilike(users.name, pattern))!);
  }
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
  return {
    total,
    items: rows.map((row) => ({
      userId: row.userId,
      userName: row.name ?? row.email,
      userEmail: row.email,
      lastEmailSentTimestamp: row.lastSentMs === null ? null : toNumber(row.lastSentMs),
      emailSentThisMonth: row.thisMonth,
      emailSentAllTime: row.allTime,
      userProfilePictureUrl: row.picture,
    })),
  };
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
        allTime: sql<number>`coalesce(sum(${campaigns.sentCount}), 0)`.mapWith(Number),
        thisMonth: sql<number>`coalesce(sum(${sentThisMonth(month)}), 0)`.mapWith(Number),
      })
      .from(campaigns)
      .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.isFormNotification, false))),
  ]);
  return {
    activeUserCount: members?.n ?? 0,
    emailSentAllTime: sent?.allTime ?? 0,
    emailSentThisMonth: sent?.thisMonth ?? 0,
  };
}
