import { and, asc, count, desc, eq, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { ListParams, MemberStatus, Role, UserPlan } from '@mergeboard/core';
import type { Db } from '../../db/client';
import {
  auditEvents,
  identities,
  memberships,
  scheduledSeatRemovals,
  subscriptionPaymentPlans,
  subscriptions,
  users,
  workspaceDomains,
  workspaces,
} from '../../db/schema';
import { anyContains } from '../../db/search-pattern';

export type MemberFilter = 'search' | 'memberStatus';
export type SeatUserFilter = 'search' | 'userStatus';
export type MemberSort = 'userEmail' | 'userName' | 'userRole' | 'seatType';

const sortColumns = {
  userEmail: users.email,
  userName: users.name,
  userRole: memberships.role,
  seatType: memberships.seatType,
} as const;

/**
 * MEM-027: the seat listing's status, in SQL so it can be filtered on: FREE_TRIAL with a trial
 * end, PENDING on a pending seat, else ACTIVE (seatListingStatus in core says the same).
 */
const seatStatus = sql<string>`CASE
  WHEN ${memberships.freeTrialEnd} IS NOT NULL THEN 'FREE_TRIAL'
  WHEN ${memberships.seatType} = 'PENDING_YAMM_USER' THEN 'PENDING'
  ELSE 'ACTIVE' END`;

/**
 * One page of a space's members with their users. Without a sort, pending members come after the
 * others (MEM-031), then by address.
 */
async function memberPage(
  db: Db,
  options: {
    workspaceId: string;
    search: string | undefined;
    conditions: SQL[];
    params: Pick<ListParams<string, MemberSort>, 'sortBy' | 'limit' | 'limitOffset'>;
  },
) {
  const conditions: SQL[] = [eq(memberships.workspaceId, options.workspaceId), ...options.conditions];
  const search = options.search?.trim();
  if (search) conditions.push(anyContains([users.email, users.name], search));
  const where = and(...conditions);
  const { sortBy } = options.params;
  const order = sortBy
    ? [(sortBy.direction === 'asc' ? asc : desc)(sortColumns[sortBy.key]), asc(users.email)]
    : [asc(sql`${memberships.status} = 'PENDING'`), asc(users.email)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ membership: memberships, user: users })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(where)
      .orderBy(...order)
      .limit(options.params.limit)
      .offset(options.params.limitOffset),
    db
      .select({ n: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** API-011: one page of a space's members, filtered by search and status. */
export function selectMembers(
  db: Db,
  workspaceId: string,
  params: ListParams<MemberFilter, MemberSort>,
  status: MemberStatus | undefined,
) {
  return memberPage(db, {
    workspaceId,
    search: params.filterBy.search,
    conditions: status ? [eq(memberships.status, status)] : [],
    params,
  });
}

/** API-062: the seat listing (DISABLED members hold no place in it), filtered by its status. */
export function selectSeatUsers(
  db: Db,
  workspaceId: string,
  params: ListParams<SeatUserFilter, MemberSort>,
  status: string | undefined,
) {
  const conditions = [ne(memberships.status, 'DISABLED')];
  if (status) conditions.push(sql`${seatStatus} = ${status}`);
  return memberPage(db, { workspaceId, search: params.filterBy.search, conditions, params });
}

/** SHELL-023: the space's owner and admins who are in it (not pending, not disabled). */
export function selectManagers(db: Db, workspaceId: string) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.workspaceId, workspaceId),
        inArray(memberships.role, ['OWNER', 'ADMIN']),
        notInArray(memberships.status, ['PENDING', 'DISABLED']),
      ),
    )
    .orderBy(asc(users.email));
}

export async function domainNamesOf(db: Db, workspaceId: string): Promise<string[]> {
  const rows = await db
    .select({ domainName: workspaceDomains.domainName })
    .from(workspaceDomains)
    .where(eq(workspaceDomains.workspaceId, workspaceId))
    .orderBy(workspaceDomains.createdAt, workspaceDomains.domainName);
  return rows.map((row) => row.domainName);
}

/**
 * The space row, locked until the transaction ends. Every member change of a space takes this
 * lock first, so changes that count members (seats, plan limits) take turns and each counts what
 * the previous one left.
 */
export async function lockWorkspace(db: Db, workspaceId: string) {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
  return row ?? null;
}

/**
 * The seat plans of the space's ACTIVE subscriptions. With `lock`, the rows are locked too (after
 * the space row), so a seat purchase cannot change them while members are counted.
 */
export async function activeSeatPlans(db: Db, workspaceId: string, options: { lock: boolean }) {
  const query = db
    .select({
      id: subscriptionPaymentPlans.id,
      userPlan: subscriptionPaymentPlans.userPlan,
      totalSeats: subscriptionPaymentPlans.totalSeats,
      assignedSeats: subscriptionPaymentPlans.assignedSeats,
      paymentSource: subscriptions.paymentSource,
    })
    .from(subscriptionPaymentPlans)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionPaymentPlans.subscriptionId))
    .where(and(eq(subscriptions.workspaceId, workspaceId), eq(subscriptions.status, 'ACTIVE')))
    .orderBy(subscriptionPaymentPlans.createdAt);
  return options.lock ? query.for('update', { of: subscriptionPaymentPlans }) : query;
}

/** The payment source of the space's ACTIVE subscription, if any (PERM-030). */
export async function activePaymentSource(db: Db, workspaceId: string) {
  const [row] = await db
    .select({ paymentSource: subscriptions.paymentSource })
    .from(subscriptions)
    .where(and(eq(subscriptions.workspaceId, workspaceId), eq(subscriptions.status, 'ACTIVE')))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row?.paymentSource ?? null;
}

/**
 * What the plan limits count: paid members per user plan (pending ones included, they hold their
 * seat), and free members that are not DISABLED.
 */
export async function memberCounts(db: Db, workspaceId: string) {
  const rows = await db
    .select({
      userPlan: memberships.userPlan,
      isPaid: memberships.isPaid,
      disabled: sql<boolean>`${memberships.status} = 'DISABLED'`,
      n: count(),
    })
    .from(memberships)
    .where(eq(memberships.workspaceId, workspaceId))
    .groupBy(memberships.userPlan, memberships.isPaid, sql`${memberships.status} = 'DISABLED'`);
  const paid: Record<UserPlan, number> = { FREE: 0, PRO: 0, PRO_PERSONAL: 0 };
  let free = 0;
  for (const row of rows) {
    if (row.isPaid) paid[row.userPlan] += row.n;
    else if (row.userPlan === 'FREE' && !row.disabled) free += row.n;
  }
  return { paid, free };
}

/**
 * The seat model (per-seat spaces): each seat plan's assignedSeats is the number of paid
 * memberships on its user plan. Recounted in the transaction that changed them.
 */
export async function recountAssignedSeats(db: Db, workspaceId: string, planIds: readonly string[]) {
  if (planIds.length === 0) return;
  await db
    .update(subscriptionPaymentPlans)
    .set({
      assignedSeats: sql`(SELECT count(*)::int FROM ${memberships}
        WHERE ${memberships.workspaceId} = ${workspaceId}
          AND ${memberships.isPaid}
          AND ${memberships.userPlan} = ${subscriptionPaymentPlans.userPlan})`,
      updatedAt: new Date(),
    })
    .where(inArray(subscriptionPaymentPlans.id, [...planIds]));
}

/** A member as the member rules see them, with their address. */
const targetColumns = {
  userId: memberships.userId,
  email: users.email,
  role: memberships.role,
  status: memberships.status,
  userPlan: memberships.userPlan,
  isPaid: memberships.isPaid,
  freeTrialEnd: memberships.freeTrialEnd,
};

export function membersByUserIds(db: Db, workspaceId: string, userIds: readonly string[]) {
  return db
    .select(targetColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspaceId), inArray(memberships.userId, [...userIds])));
}

export function membersByEmails(db: Db, workspaceId: string, emails: readonly string[]) {
  return db
    .select(targetColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspaceId), inArray(users.email, [...emails])));
}

/** Of `userIds`, those holding a paid membership in another space than `workspaceId`. */
export async function paidElsewhere(db: Db, workspaceId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return new Set<string>();
  const rows = await db
    .selectDistinct({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        inArray(memberships.userId, [...userIds]),
        ne(memberships.workspaceId, workspaceId),
        eq(memberships.isPaid, true),
      ),
    );
  return new Set(rows.map((row) => row.userId));
}

/** The members of the space who are not paid there: who could be made paid. */
export async function unpaidMemberIds(db: Db, workspaceId: string) {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.isPaid, false)));
  return rows.map((row) => row.userId);
}

/** The ids of the users of these addresses, for those who have a row. */
export async function userIdsByEmail(db: Db, emails: readonly string[]) {
  if (emails.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [...emails]));
  return new Map(rows.map((row) => [row.email, row.id]));
}

/**
 * A users row for every address that has none yet: the person added or invited before they have
 * an account. Sign-in does not treat such a row as an account while its only memberships are
 * pending; creating the account takes it over (see the users feature, isInviteeOnly).
 */
export async function ensureInviteeUsers(
  db: Db,
  invitees: readonly { email: string; isPersonal: boolean; domain: string | null }[],
) {
  if (invitees.length > 0) {
    await db
      .insert(users)
      .values(invitees.map(({ email, isPersonal, domain }) => ({ email, isPersonal, domain })))
      .onConflictDoNothing({ target: users.email });
  }
  return userIdsByEmail(
    db,
    invitees.map((invitee) => invitee.email),
  );
}

export async function insertPendingMembers(
  db: Db,
  rows: readonly {
    workspaceId: string;
    userId: string;
    userPlan: UserPlan;
    isPaid: boolean;
  }[],
) {
  if (rows.length === 0) return;
  const now = new Date();
  await db.insert(memberships).values(
    rows.map((row) => ({
      ...row,
      role: 'MEMBER' as const,
      status: 'PENDING' as const,
      seatType: 'PENDING_YAMM_USER' as const,
      lastBecomePaidAt: row.isPaid ? now : null,
    })),
  );
}

export async function deleteMemberships(db: Db, workspaceId: string, userIds: readonly string[]) {
  await db
    .delete(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), inArray(memberships.userId, [...userIds])));
}

/**
 * Removes the users rows among `userIds` that only ever stood for an invitation: no sign-in
 * linked to them and no membership left. A person whose last pending place was cancelled leaves
 * no account behind.
 */
export async function deleteOrphanInvitees(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return;
  await db
    .delete(users)
    .where(
      and(
        inArray(users.id, [...userIds]),
        sql`NOT EXISTS (SELECT 1 FROM ${memberships} WHERE ${memberships.userId} = ${users.id})`,
        sql`NOT EXISTS (SELECT 1 FROM ${identities} WHERE ${identities.userId} = ${users.id})`,
      ),
    );
}

/** A person removed from the space they sent from no longer sends from it. */
export async function clearSendingSpace(db: Db, workspaceId: string, userIds: readonly string[]) {
  await db
    .update(users)
    .set({ addonWorkspaceId: null, updatedAt: new Date() })
    .where(and(inArray(users.id, [...userIds]), eq(users.addonWorkspaceId, workspaceId)));
}

export async function setMemberRole(db: Db, workspaceId: string, userId: string, role: Role) {
  await db
    .update(memberships)
    .set({ role, updatedAt: new Date() })
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
}

export async function setMemberStatus(
  db: Db,
  workspaceId: string,
  userIds: readonly string[],
  status: MemberStatus,
) {
  await db
    .update(memberships)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(memberships.workspaceId, workspaceId), inArray(memberships.userId, [...userIds])));
}

/** Who did what to the members of a space (audit_events), in the transaction of the change. */
export async function insertMemberAudit(
  db: Db,
  event: { workspaceId: string; actorUserId: string; action: string; data: Record<string, unknown> },
) {
  await db.insert(auditEvents).values({
    workspaceId: event.workspaceId,
    actorUserId: event.actorUserId,
    action: event.action,
    targetType: 'workspace',
    targetId: event.workspaceId,
    data: event.data,
  });
}

/**
 * API-026: the space's subscriptions of one status with their seats summed over their seat plans
 * (-1 when any is unlimited), and each one's PENDING scheduled seat removal.
 */
export async function subscriptionSeats(db: Db, workspaceId: string, status: string) {
  return db
    .select({
      subscription: subscriptions,
      totalSeats: sql<number>`CASE WHEN bool_or(${subscriptionPaymentPlans.totalSeats} = -1) THEN -1
        ELSE coalesce(sum(${subscriptionPaymentPlans.totalSeats}), 0) END`.mapWith(Number),
      assignedSeats: sql<number>`coalesce(sum(${subscriptionPaymentPlans.assignedSeats}), 0)`.mapWith(Number),
      removal: {
        targetSeatsQuantity: scheduledSeatRemovals.targetSeatsQuantity,
        removeAt: scheduledSeatRemovals.removeAt,
      },
    })
    .from(subscriptions)
    .leftJoin(subscriptionPaymentPlans, eq(subscriptionPaymentPlans.subscriptionId, subscriptions.id))
    .leftJoin(
      scheduledSeatRemovals,
      and(
        eq(scheduledSeatRemovals.subscriptionId, subscriptions.id),
        eq(scheduledSeatRemovals.status, 'PENDING'),
      ),
    )
    .where(and(eq(subscriptions.workspaceId, workspaceId), sql`${subscriptions.status} = ${status}`))
    .groupBy(subscriptions.id, scheduledSeatRemovals.id)
    .orderBy(desc(subscriptions.createdAt));
}
