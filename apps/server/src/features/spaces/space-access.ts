import { and, eq } from 'drizzle-orm';
import { hasRoleAtLeast, type Role } from '@mergeboard/core';
import type { Db } from '../../db/client';
import { memberships, workspaces } from '../../db/schema';
import { AppError } from '../../http/app-error';

export type SpaceAccess = NonNullable<Awaited<ReturnType<typeof findMembership>>>;

/** The caller's membership in a space, filtered in the WHERE clause by both ids. */
export async function findMembership(db: Db, workspaceId: string, userId: string) {
  const [row] = await db
    .select({ membership: memberships, workspace: workspaces })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * The one gate of every space route. Someone who is not a member (or only invited) learns
 * nothing: 404, the same as for a space that does not exist. A member below the route's role,
 * or a DISABLED member, gets 403.
 */
export async function requireSpaceMember(
  db: Db,
  options: { workspaceId: string; userId: string; minRole: Role },
): Promise<SpaceAccess> {
  const access = await findMembership(db, options.workspaceId, options.userId);
  if (!access || access.membership.status === 'PENDING') throw new AppError('not_found', 'No such space');
  if (access.membership.status === 'DISABLED') {
    throw new AppError('member_disabled', 'Your account is disabled in this space', { status: 403 });
  }
  if (!hasRoleAtLeast(access.membership.role, options.minRole)) {
    throw new AppError(
      'forbidden',
      `Only ${options.minRole === 'OWNER' ? 'the owner' : 'owners and admins'} can do this`,
    );
  }
  return access;
}
