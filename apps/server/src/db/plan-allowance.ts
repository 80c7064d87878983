import type { PlanAllowance, UserPlan } from '@mergeboard/core';
import type { workspaces } from './schema';

type AllowanceColumns = Pick<
  typeof workspaces.$inferSelect,
  | 'freeHasMultiDomain'
  | 'freeAllowedUserCount'
  | 'proHasMultiDomain'
  | 'proAllowedUserCount'
  | 'proPersonalHasMultiDomain'
  | 'proPersonalAllowedUserCount'
>;

/** A space's workspaceFeatures of one user plan (hasMultiDomain, allowedUserCount; -1 unlimited), from its columns. */
export function planAllowanceOf(workspace: AllowanceColumns, plan: UserPlan): PlanAllowance {
  switch (plan) {
    case 'FREE':
      return {
        hasMultiDomain: workspace.freeHasMultiDomain,
        allowedUserCount: workspace.freeAllowedUserCount,
      };
    case 'PRO':
      return { hasMultiDomain: workspace.proHasMultiDomain, allowedUserCount: workspace.proAllowedUserCount };
    case 'PRO_PERSONAL':
      return {
        hasMultiDomain: workspace.proPersonalHasMultiDomain,
        allowedUserCount: workspace.proPersonalAllowedUserCount,
      };
  }
}
