import {
  MEMBER_STATUSES,
  MEMBER_TEXTS,
  UNLIMITED,
  compareRoles,
  dailyQuotaOf,
  domainRefusal,
  emailDomain,
  isRestricted,
  memberTrial,
  removalRefusal,
  roleChangesOf,
  seatListingStatus,
  type AssignableRole,
  type ListParams,
  type MemberStatus,
  type SeatMember,
  type SeatSummary,
  type SpaceManager,
  type SpaceMember,
  type SubscriptionStatus,
} from '@mergeboard/core';
import type { SpaceAccess } from '../../access/space-access';
import type { Db } from '../../db/client';
import type { memberships, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import {
  activePaymentSource,
  activeSeatPlans,
  domainNamesOf,
  insertMemberAudit,
  memberCounts,
  membersByEmails,
  membersByUserIds,
  paidElsewhere,
  selectManagers,
  selectMembers,
  selectSeatUsers,
  setMemberRole,
  setMemberStatus,
  subscriptionSeats,
  unpaidMemberIds,
  type MemberFilter,
  type MemberSort,
  type SeatUserFilter,
} from './members-queries';
import { planAllowanceOf } from '../../db/plan-allowance';
import { countedSeatPlanIds, lockedSpace, releasePlaces, requireFreeRoom } from './seats';

type MemberRow = { membership: typeof memberships.$inferSelect; user: typeof users.$inferSelect };

const SEAT_STATUSES = ['FREE_TRIAL', 'PENDING', 'ACTIVE'] as const;

/** A filter value the list does not know is a bad request naming it, not an empty page. */
function statusFilter<S extends string>(value: string | undefined, allowed: readonly S[], key: string) {
  if (value === undefined || value === '') return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    const message = `filterBy ${key} must be one of ${allowed.join(', ')}`;
    throw new AppError('validation_failed', message, { fields: { 'query.filterBy': message } });
  }
  return value as S;
}

/** MEM-021, MEM-022, MEM-024, MEM-025: a member as the management pages show them. */
function toSpaceMember({ membership, user }: MemberRow, domains: readonly string[]): SpaceMember {
  return {
    id: user.id,
    name: user.name ?? user.email,
    email: user.email,
    role: membership.role,
    status: membership.status,
    plan: membership.userPlan,
    seatType: membership.seatType,
    isPaid: membership.isPaid,
    trial: memberTrial(membership.freeTrialEnd?.getTime() ?? null),
    isPersonal: user.isPersonal,
    isUserInDomain: domains.includes(emailDomain(user.email)),
    // Losing the seat at the next renewal is becoming free then.
    isScheduledToBeDowngraded: membership.toBeRemoved,
    toBeRemoved: membership.toBeRemoved,
    quota: dailyQuotaOf(membership.userPlan, user.freeUserQuota),
    createTimestamp: membership.createdAt.getTime(),
  };
}

/** API-011, MEM-031: one page of a space's members, as the members table shows them. */
export async function listSpaceMembers(
  db: Db,
  options: { workspaceId: string; params: ListParams<MemberFilter, MemberSort> },
): Promise<{ items: SpaceMember[]; total: number }> {
  const status = statusFilter<MemberStatus>(
    options.params.filterBy.memberStatus,
    MEMBER_STATUSES,
    'memberStatus',
  );
  const [{ rows, total }, domains] = await Promise.all([
    selectMembers(db, options.workspaceId, options.params, status),
    domainNamesOf(db, options.workspaceId),
  ]);
  return { total, items: rows.map((row) => toSpaceMember(row, domains)) };
}

/** SHELL-023, SHELL-024: whom a member asks for an upgrade: the owner first, then the admins. */
export async function listManagers(db: Db, workspaceId: string): Promise<{ items: SpaceManager[] }> {
  const rows = await selectManagers(db, workspaceId);
  return {
    items: rows
      .sort((a, b) => compareRoles(b.role, a.role))
      .flatMap(({ id, name, email, role }) =>
        role === 'MEMBER' ? [] : [{ id, name: name ?? email, email, role }],
      ),
  };
}

/** API-062, MEM-026, MEM-027: one page of the seat listing. */
export async function listSeatUsers(
  db: Db,
  options: { workspaceId: string; params: ListParams<SeatUserFilter, MemberSort> },
): Promise<{ items: SeatMember[]; total: number }> {
  const status = statusFilter(options.params.filterBy.userStatus, SEAT_STATUSES, 'userStatus');
  const { rows, total } = await selectSeatUsers(db, options.workspaceId, options.params, status);
  return {
    total,
    items: rows.map(({ membership, user }) => {
      const trial = memberTrial(membership.freeTrialEnd?.getTime() ?? null);
      return {
        id: user.id,
        workspaceId: membership.workspaceId,
        email: user.email,
        name: user.name ?? user.email,
        role: membership.role,
        plan: membership.userPlan,
        status: seatListingStatus({ trial, seatType: membership.seatType }),
        seatType: membership.seatType,
        isPersonal: user.isPersonal,
        createTimestamp: membership.createdAt.getTime(),
        lastUpdateTimestamp: membership.updatedAt.getTime(),
        lastBecomePaidTimestamp: membership.lastBecomePaidAt?.getTime() ?? null,
      };
    }),
  };
}

/** The members named by a request, or 404 naming the first that is not one. */
function requireAll<T>(
  found: readonly T[],
  requested: readonly string[],
  keyOf: (row: T) => string,
  field: string,
) {
  const keys = new Set(found.map(keyOf));
  const missing = requested.find((key) => !keys.has(key));
  if (missing !== undefined) {
    const message = `${missing} is not a member of this space.`;
    throw new AppError('not_found', message, { fields: { [field]: message } });
  }
  return found;
}

/**
 * API-013, API-064, MEM-065 MEM-066 MEM-067 MEM-068 MEM-069, PERM-025 PERM-026 PERM-027 PERM-028 PERM-029
 * PERM-030 PERM-031: members leave the space, all or none. The selection is refused with the first rule any
 * selected member breaks, in the spec's order; seats of removed paid members are given back, pending
 * invitations cancelled, and the removed lose access at their next call (the access check reads the
 * membership on every call).
 */
export async function removeMembers(
  db: Db,
  options: {
    access: SpaceAccess;
    actorUserId: string;
    selection: { emails: readonly string[] } | { userIds: readonly string[] };
  },
): Promise<{ removed: number }> {
  return db.transaction(async (tx) => {
    const workspace = await lockedSpace(tx, options.access.workspace.id);
    const seatPlans = await activeSeatPlans(tx, workspace.id, { lock: true });
    const { selection } = options;
    const targets =
      'emails' in selection
        ? requireAll(
            await membersByEmails(tx, workspace.id, selection.emails),
            selection.emails,
            (row) => row.email,
            'body.userEmails',
          )
        : requireAll(
            await membersByUserIds(tx, workspace.id, selection.userIds),
            selection.userIds,
            (row) => row.userId,
            'body.userIds',
          );
    const refusal = removalRefusal(
      targets.map((target) => ({
        userId: target.userId,
        role: target.role,
        status: target.status,
        isPaid: target.isPaid,
        trial: memberTrial(target.freeTrialEnd?.getTime() ?? null),
      })),
      {
        actor: { userId: options.actorUserId, role: options.access.membership.role },
        isLegacy: workspace.plan === 'LEGACY',
        paymentSource: await activePaymentSource(tx, workspace.id),
      },
    );
    if (refusal) throw new AppError('member_remove_refused', refusal.message);
    await releasePlaces(tx, {
      workspaceId: workspace.id,
      people: targets,
      seatPlanIds: countedSeatPlanIds(workspace, seatPlans),
    });
    await insertMemberAudit(tx, {
      workspaceId: workspace.id,
      actorUserId: options.actorUserId,
      action: 'members.removed',
      data: { emails: targets.map((target) => target.email) },
    });
    return { removed: targets.length };
  });
}

/**
 * API-014, API-066, MEM-037 MEM-038 MEM-039: the owner gives members the Member or Admin role. Never the
 * owner's own role; a request that changes nothing is refused; roles that already match are left.
 */
export async function changeRoles(
  db: Db,
  options: {
    access: SpaceAccess;
    actorUserId: string;
    memberRoles: readonly { userId: string; userRole: AssignableRole }[];
  },
): Promise<{ changed: number }> {
  // One role per member: the last one named wins.
  const requested = [...new Map(options.memberRoles.map((change) => [change.userId, change])).values()];
  return db.transaction(async (tx) => {
    const workspace = await lockedSpace(tx, options.access.workspace.id);
    const userIds = requested.map((change) => change.userId);
    const current = requireAll(
      await membersByUserIds(tx, workspace.id, userIds),
      userIds,
      (row) => row.userId,
      'body.memberRoles',
    );
    const outcome = roleChangesOf(current, requested);
    if (!outcome.ok) {
      throw new AppError(
        outcome.reason === 'owner' ? 'role_change_refused' : 'nothing_to_change',
        outcome.message,
      );
    }
    for (const change of outcome.changes)
      await setMemberRole(tx, workspace.id, change.userId, change.userRole);
    await insertMemberAudit(tx, {
      workspaceId: workspace.id,
      actorUserId: options.actorUserId,
      action: 'members.roles_changed',
      data: { changes: outcome.changes },
    });
    return { changed: outcome.changes.length };
  });
}

/**
 * API-015, MEM-029, MEM-064: DISABLED members become ACTIVE again, all or none: only DISABLED
 * ones, from the space's domains unless the plan allows several, and within the FREE plan's
 * free-user count.
 */
export async function activateMembers(
  db: Db,
  options: { access: SpaceAccess; actorUserId: string; userIds: readonly string[] },
): Promise<{ activated: number }> {
  const userIds = [...new Set(options.userIds)];
  return db.transaction(async (tx) => {
    const workspace = await lockedSpace(tx, options.access.workspace.id);
    const targets = requireAll(
      await membersByUserIds(tx, workspace.id, userIds),
      userIds,
      (row) => row.userId,
      'body.userIds',
    );
    if (targets.some((target) => target.status !== 'DISABLED')) {
      throw new AppError('conflict', MEMBER_TEXTS.notDisabled);
    }
    const domains = await domainNamesOf(tx, workspace.id);
    for (const target of targets) {
      const outside = domainRefusal(target.email, {
        domains,
        hasMultiDomain: planAllowanceOf(workspace, target.userPlan).hasMultiDomain,
      });
      if (outside)
        throw new AppError('domain_not_allowed', `${outside} ${MEMBER_TEXTS.reactivateOtherDomain}`);
    }
    const freeComingBack = targets.filter((target) => target.userPlan === 'FREE' && !target.isPaid).length;
    requireFreeRoom(workspace, await memberCounts(tx, workspace.id), freeComingBack);
    await setMemberStatus(tx, workspace.id, userIds, 'ACTIVE');
    await insertMemberAudit(tx, {
      workspaceId: workspace.id,
      actorUserId: options.actorUserId,
      action: 'members.activated',
      data: { userIds },
    });
    return { activated: userIds.length };
  });
}

/**
 * API-016, MEM-036, MEM-076: the unpaid members who cannot be made paid here, with the code
 * already_paid_user, while MULTIPLE_PAYMENT is in force for the caller and they are paid in
 * another space.
 */
export async function promoteValidity(
  db: Db,
  options: { access: SpaceAccess },
): Promise<{ items: { userId: string; errorCode: string }[] }> {
  if (!isRestricted(options.access.restrictions, 'MULTIPLE_PAYMENT')) return { items: [] };
  const unpaid = await unpaidMemberIds(db, options.access.workspace.id);
  const paid = await paidElsewhere(db, options.access.workspace.id, unpaid);
  return {
    items: unpaid
      .filter((userId) => paid.has(userId))
      .map((userId) => ({ userId, errorCode: 'already_paid_user' })),
  };
}

/** API-026: the space's subscriptions of one status with their seats and a pending scheduled removal. */
export async function listSeatSummaries(
  db: Db,
  options: { workspaceId: string; status: SubscriptionStatus },
): Promise<{ items: SeatSummary[] }> {
  const rows = await subscriptionSeats(db, options.workspaceId, options.status);
  return {
    items: rows.map(({ subscription, totalSeats, assignedSeats, removal }) => ({
      subscriptionId: subscription.id,
      workspacePlan: subscription.workspacePlan,
      subscriptionStatus: subscription.status,
      paymentSource: subscription.paymentSource,
      billingInterval: subscription.billingInterval,
      totalSeats,
      assignedSeats,
      availableSeats: totalSeats === UNLIMITED ? UNLIMITED : Math.max(0, totalSeats - assignedSeats),
      scheduledRemoval:
        removal && removal.removeAt
          ? {
              targetSeatsQuantity: removal.targetSeatsQuantity!,
              removeSeatsAtTimestamp: removal.removeAt.getTime(),
            }
          : null,
    })),
  };
}
