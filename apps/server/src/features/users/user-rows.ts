import { planFeatures, urlPrefixOf, type UserWorkspace } from '@mergeboard/core';
import type { userWorkspaceRows } from './user-queries';

/** A space the user joined, with the membership: a row of `userWorkspaceRows`. */
type WorkspaceRow = Awaited<ReturnType<typeof userWorkspaceRows>>[number];

function allowedFor(row: WorkspaceRow) {
  const { workspace, membership } = row;
  switch (membership.userPlan) {
    case 'PRO':
      return { hasMultiDomain: workspace.proHasMultiDomain, allowedUserCount: workspace.proAllowedUserCount };
    case 'PRO_PERSONAL':
      return {
        hasMultiDomain: workspace.proPersonalHasMultiDomain,
        allowedUserCount: workspace.proPersonalAllowedUserCount,
      };
    default:
      return {
        hasMultiDomain: workspace.freeHasMultiDomain,
        allowedUserCount: workspace.freeAllowedUserCount,
      };
  }
}

export function toUserWorkspace(row: WorkspaceRow, sendingWorkspaceId: string | null): UserWorkspace {
  const { workspace, membership } = row;
  return {
    workspaceId: workspace.id,
    workspaceName: workspace.name,
    workspacePlan: workspace.plan,
    userPlan: membership.userPlan,
    userRole: membership.role,
    status: membership.status,
    workspaceStatus: workspace.status,
    urlPrefix: urlPrefixOf(workspace),
    legacyPlanType: workspace.legacyType,
    isSendingWorkspace: workspace.id === sendingWorkspaceId,
    workspaceUserFeature: {
      ...allowedFor(row),
      workspacePlan: workspace.plan,
      userPlan: membership.userPlan,
      otherFeatures: planFeatures(workspace.plan),
    },
  };
}
