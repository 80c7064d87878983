import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ListParams, MemberStatus } from '@mergeboard/core';
import type { Db } from '../../db/client';
import { memberships, users } from '../../db/schema';
import { anyContains } from '../../db/search-pattern';

export type MemberFilter = 'search' | 'memberStatus';
export type MemberSort = 'userEmail' | 'userName' | 'userRole' | 'seatType';

const sortColumns = {
  userEmail: users.email,
  userName: users.name,
  userRole: memberships.role,
  seatType: memberships.seatType,
} as const;

/** API-011: one page of a space's members; without a sort, pending members come after active ones. */
export async function selectMembers(
  db: Db,
  workspaceId: string,
  params: ListParams<MemberFilter, MemberSort>,
) {
  const conditions: SQL[] = [eq(memberships.workspaceId, workspaceId)];
  const search = params.filterBy.search?.trim();
  if (search) conditions.push(anyContains([users.email, users.name], search));
  if (params.filterBy.memberStatus) {
    conditions.push(eq(memberships.status, params.filterBy.memberStatus as MemberStatus));
  }
  const where = and(...conditions);
  const order = params.sortBy
    ? [(params.sortBy.direction === 'asc' ? asc : desc)(sortColumns[params.sortBy.key]), asc(users.email)]
    : [asc(sql`${memberships.status} = 'PENDING'`), asc(users.email)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ membership: memberships, user: users })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(where)
      .orderBy(...order)
      .limit(params.limit)
      .offset(params.limitOffset),
    db
      .select({ n: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
