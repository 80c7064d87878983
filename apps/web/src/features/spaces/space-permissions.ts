import { isGmailUser, spacePermissions } from '@mergeboard/core';
import type { CurrentUser, SpacePermissions, UserWorkspace, WorkspaceDetails } from '@mergeboard/core';

/**
 * The user's permissions in one space. The core rules compute them from the user's workspace
 * entry; once the server's answer for the space is in, its features and restrictions (what the
 * server enforces) take precedence.
 */
export function permissionsFor(
  user: CurrentUser,
  space: UserWorkspace,
  details: WorkspaceDetails | null,
): SpacePermissions {
  const computed = spacePermissions({
    role: space.userRole,
    userPlan: space.userPlan,
    memberStatus: space.status,
    workspacePlan: space.workspacePlan,
    legacyType: space.legacyPlanType,
    workspaceStatus: space.workspaceStatus,
    isPerSeat: details?.isPerSeat ?? user.isPerSeat,
    memberInviteUser: details?.memberInviteUser ?? false,
    restrictions: details?.restrictions ?? [],
    isGmailUser: isGmailUser(user.userEmail),
  });
  return details ? { ...computed, ...details.features } : computed;
}
