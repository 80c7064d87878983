import { MEMBER_TEXTS, UNLIMITED } from '@mergeboard/core';
import type { Db } from '../../db/client';
import type { workspaces } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { cancelPendingInvitations } from './invitation-queries';
import {
  clearSendingSpace,
  deleteMemberships,
  deleteOrphanInvitees,
  lockWorkspace,
  recountAssignedSeats,
  type activeSeatPlans,
  type memberCounts,
} from './members-queries';

export type Workspace = typeof workspaces.$inferSelect;
type Counts = Awaited<ReturnType<typeof memberCounts>>;

/**
 * Locks the space row and answers it: every member change of a space starts here, so changes
 * that count members (seats, plan limits) take turns and each counts what the previous one left.
 */
export async function lockedSpace(db: Db, workspaceId: string): Promise<Workspace> {
  const workspace = await lockWorkspace(db, workspaceId);
  if (!workspace) throw new AppError('not_found', 'No such space');
  return workspace;
}

/**
 * Free users are limited on the FREE plan only, where the plan's free-user count is the space's
 * member limit (a FREE domain space holds one member, 001 §1, CONST-019); a paid space may have
 * free members besides its paid ones.
 */
export function freeCapacity(workspace: Workspace, counts: Counts) {
  return {
    kind: 'free' as const,
    allowedUsers: workspace.plan === 'FREE' ? workspace.freeAllowedUserCount : UNLIMITED,
    freeUsers: counts.free,
  };
}

/** MEM-063: refuses when `joining` more free users would go past the FREE plan's free-user count. */
export function requireFreeRoom(workspace: Workspace, counts: Counts, joining: number) {
  const { allowedUsers, freeUsers } = freeCapacity(workspace, counts);
  if (allowedUsers !== UNLIMITED && freeUsers + joining > allowedUsers) {
    throw new AppError('user_limit_reached', MEMBER_TEXTS.freeUserLimit(allowedUsers));
  }
}

/**
 * Where a newcomer of the Add members call (users/v1) goes:
 * - seats: a per-seat space with an active subscription: a paid seat (000 §3 seats);
 * - plan: a paid space of the older, not per-seat flow: a paid place within the plan maximum;
 * - free: a FREE space, or a paid one without an active subscription: a free place.
 */
export function seatModelOf(
  workspace: Workspace,
  seatPlans: Awaited<ReturnType<typeof activeSeatPlans>>,
): 'seats' | 'plan' | 'free' {
  if (workspace.plan === 'FREE' || workspace.plan === 'LEGACY') return 'free';
  if (!workspace.isPerSeat) return 'plan';
  return seatPlans.length > 0 ? 'seats' : 'free';
}

/**
 * The seat plans whose assignedSeats the member changes of this space keep equal to its paid
 * members: those of a per-seat space (000 §3 seats). Other spaces' plans (legacy, the older
 * flow) count seats their own way and are left as they are.
 */
export function countedSeatPlanIds(
  workspace: Workspace,
  seatPlans: Awaited<ReturnType<typeof activeSeatPlans>>,
): string[] {
  return workspace.isPerSeat ? seatPlans.map((row) => row.id) : [];
}

/**
 * People leave the space (removed, or their invitation cancelled): their memberships and pending
 * invitations go, they no longer send from it, an invitee row without any place left goes, and
 * the seats are counted again. Run after lockedSpace and the seat plans' lock.
 */
export async function releasePlaces(
  db: Db,
  options: {
    workspaceId: string;
    people: readonly { userId: string; email: string }[];
    seatPlanIds: string[];
  },
) {
  const { workspaceId } = options;
  const userIds = options.people.map((person) => person.userId);
  await cancelPendingInvitations(
    db,
    workspaceId,
    options.people.map((person) => person.email),
  );
  if (userIds.length === 0) return;
  await deleteMemberships(db, workspaceId, userIds);
  await clearSendingSpace(db, workspaceId, userIds);
  await deleteOrphanInvitees(db, userIds);
  await recountAssignedSeats(db, workspaceId, options.seatPlanIds);
}
