import type { WorkspacePlan } from '../constants/domain';

interface PlanFeatures {
  teamAnalyticsDashboard: boolean;
  manageUserRoles: boolean;
  transferOwnerShip: boolean;
  shareUnsubscribesAcrossWorkspace: boolean;
  shareBouncesAccrossWorkspace: boolean;
}

const isPaidPlan = (plan: WorkspacePlan): boolean => plan === 'PRO' || plan === 'PREMIUM';

/**
 * Plan-level feature flags of a space (000 §3 otherFeatures), whatever the user's role:
 * - teamAnalyticsDashboard (PERM-018): the paid plans PRO and PREMIUM.
 * - manageUserRoles (PERM-006, PERM-023): any plan but FREE; LEGACY keeps the role drawer of its
 *   Manage Users page (001 §2).
 * - transferOwnerShip: PRO and PREMIUM only; FREE and LEGACY get the 'not available' notices (001 §6).
 * - shared unsubscriptions and bounces: PREMIUM shares them across the space (001 §6, §9).
 */
export function planFeatures(plan: WorkspacePlan): PlanFeatures {
  return {
    teamAnalyticsDashboard: isPaidPlan(plan),
    manageUserRoles: plan !== 'FREE',
    transferOwnerShip: isPaidPlan(plan),
    shareUnsubscribesAcrossWorkspace: plan === 'PREMIUM',
    shareBouncesAccrossWorkspace: plan === 'PREMIUM',
  };
}
