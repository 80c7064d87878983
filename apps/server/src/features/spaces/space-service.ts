import { and, count, eq, sql } from 'drizzle-orm';
import { MAX_OWNED_SPACES, MAX_SPACES_MESSAGES, canBecomeOwner, slugify } from '@mergeboard/core';
import { findSpaceAccess, type Caller, type SpaceAccess } from '../../access/space-access';
import type { Db } from '../../db/client';
import { auditEvents, memberships, users, workspaces } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { loadWorkspaceDetails } from './space-details';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Ownership changes of one person take turns: lock that user's row, then count. Creating a space
 * and receiving one by transfer both go through here, so nobody ends up owning more than five.
 */
async function lockAndCountOwned(tx: Tx, userId: string): Promise<number> {
  await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
  const [row] = await tx
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.role, 'OWNER')));
  return row?.n ?? 0;
}

function audit(
  tx: Tx,
  event: { workspaceId: string | null; actorUserId: string; action: string; data?: Record<string, unknown> },
) {
  return tx.insert(auditEvents).values({
    workspaceId: event.workspaceId,
    actorUserId: event.actorUserId,
    action: event.action,
    targetType: 'workspace',
    targetId: event.workspaceId,
    data: event.data ?? {},
  });
}

/** API-009: a FREE space owned by the caller. */
export async function createSpace(
  db: Db,
  options: { userId: string; name: string; memberInviteUser?: boolean | undefined },
): Promise<string> {
  return db.transaction(async (tx) => {
    if ((await lockAndCountOwned(tx, options.userId)) >= MAX_OWNED_SPACES) {
      throw new AppError('too_many_spaces', MAX_SPACES_MESSAGES.text);
    }
    const [space] = await tx
      .insert(workspaces)
      .values({
        name: options.name,
        slug: slugify(options.name),
        plan: 'FREE',
        memberInviteUser: options.memberInviteUser ?? false,
      })
      .returning({ id: workspaces.id });
    await tx
      .insert(memberships)
      .values({ workspaceId: space!.id, userId: options.userId, role: 'OWNER', userPlan: 'FREE' });
    await audit(tx, {
      workspaceId: space!.id,
      actorUserId: options.userId,
      action: 'workspace.created',
      data: { name: options.name },
    });
    return space!.id;
  });
}

/** API-010: rename, or change whether members may invite; answers the space as it now is. */
export async function updateSpace(
  db: Db,
  options: {
    space: SpaceAccess;
    user: Caller;
    name?: string | undefined;
    memberInviteUser?: boolean | undefined;
  },
) {
  const workspaceId = options.space.workspace.id;
  await db.transaction(async (tx) => {
    await tx
      .update(workspaces)
      .set({
        ...(options.name !== undefined ? { name: options.name, slug: slugify(options.name) } : {}),
        ...(options.memberInviteUser !== undefined ? { memberInviteUser: options.memberInviteUser } : {}),
        updatedAt: new Date(),
      })
      .where(eq(workspaces.id, workspaceId));
    await audit(tx, {
      workspaceId,
      actorUserId: options.user.id,
      action: 'workspace.updated',
      data: { name: options.name, memberInviteUser: options.memberInviteUser },
    });
  });
  const fresh = await findSpaceAccess(db, workspaceId, options.user);
  if (!fresh) throw new AppError('not_found', 'No such space');
  const details = await loadWorkspaceDetails(db, fresh, {
    domains: false,
    features: false,
    membersCount: true,
  });
  if (details.status === 'DISABLED') throw new AppError('space_disabled', 'This space is disabled');
  return details;
}

export async function deleteSpace(
  db: Db,
  options: { workspaceId: string; actorUserId: string; name: string },
) {
  await db.transaction(async (tx) => {
    // The audit row outlives the space (its reference is set to null), so the name is kept in data.
    await audit(tx, {
      workspaceId: options.workspaceId,
      actorUserId: options.actorUserId,
      action: 'workspace.deleted',
      data: { name: options.name },
    });
    await tx.delete(workspaces).where(eq(workspaces.id, options.workspaceId));
  });
}

/**
 * API-012: the space goes to an active member; the previous owner stays as a regular member.
 * The space row is locked so two transfers of one space take turns; the new owner's row is
 * locked (lockAndCountOwned) so the five-spaces limit holds.
 */
export async function transferSpace(
  db: Db,
  options: { workspaceId: string; isPerSeat: boolean; fromUserId: string; toUserId: string },
) {
  if (options.toUserId === options.fromUserId) {
    throw new AppError('bad_request', 'You already own this space', {
      fields: { 'body.userId': 'Choose another member' },
    });
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM workspaces WHERE id = ${options.workspaceId} FOR UPDATE`);
    const [current] = await tx
      .select({ role: memberships.role })
      .from(memberships)
      .where(
        and(eq(memberships.workspaceId, options.workspaceId), eq(memberships.userId, options.fromUserId)),
      );
    if (current?.role !== 'OWNER') throw new AppError('forbidden', 'Only the owner can transfer the space');
    const [target] = await tx
      .select({
        role: memberships.role,
        status: memberships.status,
        seatType: memberships.seatType,
        email: users.email,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.workspaceId, options.workspaceId), eq(memberships.userId, options.toUserId)));
    if (!target || !canBecomeOwner(target, options.isPerSeat)) {
      throw new AppError('not_eligible', 'The new owner must be an eligible member of this space', {
        fields: { 'body.userId': 'Choose an active member of this space' },
      });
    }
    if ((await lockAndCountOwned(tx, options.toUserId)) >= MAX_OWNED_SPACES) {
      throw new AppError('user_owns_too_many_workspaces', 'This user already owns too many spaces.', {
        fields: { 'body.userId': 'This user already owns too many spaces.' },
      });
    }
    // Demote first: the database allows one OWNER per space at any moment.
    await tx
      .update(memberships)
      .set({ role: 'MEMBER', updatedAt: new Date() })
      .where(
        and(eq(memberships.workspaceId, options.workspaceId), eq(memberships.userId, options.fromUserId)),
      );
    await tx
      .update(memberships)
      .set({ role: 'OWNER', updatedAt: new Date() })
      .where(and(eq(memberships.workspaceId, options.workspaceId), eq(memberships.userId, options.toUserId)));
    await audit(tx, {
      workspaceId: options.workspaceId,
      actorUserId: options.fromUserId,
      action: 'workspace.ownership_transferred',
      data: { toUserId: options.toUserId, toEmail: target.email },
    });
  });
}
