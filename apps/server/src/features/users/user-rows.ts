import { planFeatures, urlPrefixOf, type UserWorkspace } from '@mergeboard/core';
import { planAllowanceOf } from '../../db/plan-allowance';
import type { userWorkspaceRows } from './user-queries';

/** A space the user joined, with the membership: a row of `userWorkspaceRows`. */
type WorkspaceRow = Awaited<ReturnType<typeof userWorkspaceRows>>[number];

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
      ...planAllowanceOf(workspace, membership.userPlan),
      workspacePlan: workspace.plan,
      userPlan: membership.userPlan,
      otherFeatures: planFeatures(workspace.plan),
    },
  };
}
