import { and, eq, sql } from 'drizzle-orm';
import {
  activeRestrictions,
  denialOf,
  isGmailUser,
  spacePermissions,
  type RolloutRestriction,
  type SpacePermission,
  type SpacePermissionInput,
  type SpacePermissions,
} from '@mergeboard/core';
import type { Db } from '../db/client';
import { preparedPerDb } from '../db/prepared';
import { memberships, rolloutStatus, workspaces } from '../db/schema';
import { AppError } from '../http/app-error';

/** The caller's place in one space: their membership, the space, and what they may do there. */
export interface SpaceAccess {
  membership: typeof memberships.$inferSelect;
  workspace: typeof workspaces.$inferSelect;
  restrictions: RolloutRestriction[];
  permissions: SpacePermissions;
}

/** Who asks: the signed-in user's id and address (the address decides Gmail-type restrictions). */
export interface Caller {
  id: string;
  email: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Restrictions in force for a user: from the rollout step and whether the address is Gmail. */
function restrictionsOf(user: Caller, lastActivatedStep: number | null): RolloutRestriction[] {
  return activeRestrictions({
    lastActivatedStep: lastActivatedStep ?? 0,
    isGmailUser: isGmailUser(user.email),
  });
}

function permissionInputOf(
  membership: SpaceAccess['membership'],
  workspace: SpaceAccess['workspace'],
  restrictions: RolloutRestriction[],
  user: Caller,
): SpacePermissionInput {
  return {
    role: membership.role,
    userPlan: membership.userPlan,
    memberStatus: membership.status,
    workspacePlan: workspace.plan,
    legacyType: workspace.legacyType,
    workspaceStatus: workspace.status,
    isPerSeat: workspace.isPerSeat,
    memberInviteUser: workspace.memberInviteUser,
    restrictions,
    isGmailUser: isGmailUser(user.email),
  };
}

// Every space route sends this: prepared once per database handle (db/prepared.ts).
const spaceAccessQuery = preparedPerDb((db) =>
  db
    .select({ membership: memberships, workspace: workspaces, step: rolloutStatus.lastActivatedStep })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .leftJoin(rolloutStatus, eq(rolloutStatus.userId, memberships.userId))
    .where(
      and(
        eq(memberships.workspaceId, sql.placeholder('workspaceId')),
        eq(memberships.userId, sql.placeholder('userId')),
      ),
    )
    .limit(1)
    .prepare('mb_space_access'),
);

/**
 * The caller's membership in a space with their rollout step, in one query filtered by both ids;
 * null when they are not a member (or the id is not a space id at all).
 */
export async function findSpaceAccess(
  db: Db,
  workspaceId: string,
  user: Caller,
): Promise<SpaceAccess | null> {
  if (!UUID.test(workspaceId)) return null;
  const [row] = await spaceAccessQuery(db).execute({ workspaceId, userId: user.id });
  if (!row) return null;
  const restrictions = restrictionsOf(user, row.step);
  const { membership, workspace } = row;
  return {
    membership,
    workspace,
    restrictions,
    permissions: spacePermissions(permissionInputOf(membership, workspace, restrictions, user)),
  };
}

/**
 * The one gate of every space route. Someone who is not a member (or only invited) learns
 * nothing: 404, the same as for a space that does not exist. A member without the route's
 * permission gets 403 with core's reason for it (e.g. the spec's plan texts for a transfer).
 */
export async function requireSpacePermission(
  db: Db,
  options: { workspaceId: string; user: Caller; permission: SpacePermission; productName: string },
): Promise<SpaceAccess> {
  const access = await findSpaceAccess(db, options.workspaceId, options.user);
  if (!access || access.membership.status === 'PENDING') throw new AppError('not_found', 'No such space');
  checkSpacePermission(access, options);
  return access;
}

/**
 * A member's request passes only when both the permission flag and core's denial (the same gate,
 * so they agree) let it through. Should they ever disagree, it is refused: with core's reason
 * when there is one, else with a plain 403. Fail closed.
 */
export function checkSpacePermission(
  access: SpaceAccess,
  options: { user: Caller; permission: SpacePermission; productName: string },
): void {
  const denial = denialOf(
    options.permission,
    permissionInputOf(access.membership, access.workspace, access.restrictions, options.user),
    { productName: options.productName },
  );
  if (denial) throw new AppError(denial.code, denial.message);
  if (!access.permissions[options.permission]) {
    throw new AppError('forbidden', 'You do not have permission to do this in this space');
  }
}

/** Restrictions in force for a user outside any space (e.g. accepting an invitation). */
export async function restrictionsFor(db: Db, user: Caller): Promise<RolloutRestriction[]> {
  const [rollout] = await db
    .select({ step: rolloutStatus.lastActivatedStep })
    .from(rolloutStatus)
    .where(eq(rolloutStatus.userId, user.id))
    .limit(1);
  return restrictionsOf(user, rollout?.step ?? null);
}
