import {
  MAX_OWNED_SPACES,
  MAX_SPACES_MESSAGES,
  SIDEBAR_PROMOTION_TARGET,
  canBecomeOwner,
  promotionSchema,
} from '@mergeboard/core';
import type { z } from 'zod';
import { findSpaceAccess, type Caller, type SpaceAccess } from '../../access/space-access';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { enabledPromotions } from './promotion-queries';
import { loadWorkspaceDetails } from './space-details';
import {
  deleteSpaceRow,
  findTransferTarget,
  insertSpace,
  insertSpaceAudit,
  lockAndCountOwned,
  lockSpace,
  roleIn,
  setRole,
  updateSpaceRow,
  type SpaceChanges,
} from './space-queries';

/** API-009: a FREE space owned by the caller. */
export async function createSpace(
  db: Db,
  options: { userId: string; name: string; memberInviteUser?: boolean | undefined },
): Promise<string> {
  return db.transaction(async (tx) => {
    if ((await lockAndCountOwned(tx, options.userId)) >= MAX_OWNED_SPACES) {
      throw new AppError('too_many_spaces', MAX_SPACES_MESSAGES.text);
    }
    const workspaceId = await insertSpace(tx, {
      ownerUserId: options.userId,
      name: options.name,
      memberInviteUser: options.memberInviteUser ?? false,
    });
    await insertSpaceAudit(tx, {
      workspaceId,
      actorUserId: options.userId,
      action: 'workspace.created',
      data: { name: options.name },
    });
    return workspaceId;
  });
}

/**
 * API-010: rename, change whether members may invite or the composer's tracking defaults; answers
 * the space as it now is.
 */
export async function updateSpace(
  db: Db,
  options: { space: SpaceAccess; user: Caller; changes: SpaceChanges },
) {
  const workspaceId = options.space.workspace.id;
  await db.transaction(async (tx) => {
    await updateSpaceRow(tx, workspaceId, options.changes);
    await insertSpaceAudit(tx, {
      workspaceId,
      actorUserId: options.user.id,
      action: 'workspace.updated',
      data: { ...options.changes },
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
    await insertSpaceAudit(tx, {
      workspaceId: options.workspaceId,
      actorUserId: options.actorUserId,
      action: 'workspace.deleted',
      data: { name: options.name },
    });
    await deleteSpaceRow(tx, options.workspaceId);
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
    await lockSpace(tx, options.workspaceId);
    if ((await roleIn(tx, options.workspaceId, options.fromUserId)) !== 'OWNER') {
      throw new AppError('forbidden', 'Only the owner can transfer the space');
    }
    const target = await findTransferTarget(tx, options.workspaceId, options.toUserId);
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
    await setRole(tx, options.workspaceId, options.fromUserId, 'MEMBER');
    await setRole(tx, options.workspaceId, options.toUserId, 'OWNER');
    await insertSpaceAudit(tx, {
      workspaceId: options.workspaceId,
      actorUserId: options.fromUserId,
      action: 'workspace.ownership_transferred',
      data: { toUserId: options.toUserId, toEmail: target.email },
    });
  });
}

type Promotion = z.infer<typeof promotionSchema>;

/**
 * API-023: the enabled promotions of one placement, in their order: for the web app's sidebar,
 * first those the install's configuration names (PROMOTIONS, checked at start), then the enabled
 * rows of the promotions table. An invalid row is dropped, never shown half-filled; with none
 * of either, the sidebar shows none (issue 24: no invented ones).
 */
export async function listPromotions(
  db: Db,
  options: { project: string; placement: string; configured: readonly Promotion[] },
): Promise<{ enabled: boolean; promotions: Promotion[] }> {
  const forSidebar =
    options.project === SIDEBAR_PROMOTION_TARGET.project &&
    options.placement === SIDEBAR_PROMOTION_TARGET.placement;
  const stored = (await enabledPromotions(db, options)).flatMap((row) => {
    const parsed = promotionSchema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
  const promotions = [...(forSidebar ? options.configured : []), ...stored];
  return { enabled: promotions.length > 0, promotions };
}
