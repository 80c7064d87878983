import { planLabel, type SpacePermissions, type UserWorkspace } from '@mergeboard/core';

export function isBillingPage(pathname: string): boolean {
  return /\/space\/billing\/?$/.test(pathname);
}

/**
 * SHELL-012: the header Upgrade button shows for a "non-member" — the catalogue reads it as a role
 * other than MEMBER, i.e. those who can buy — on a FREE space, except on the billing page.
 * (A free member of a Pro space gets the upgrade info modal instead, PERM-016.)
 */
export function showUpgradeButton(space: UserWorkspace, pathname: string): boolean {
  return space.userRole !== 'MEMBER' && space.workspacePlan === 'FREE' && !isBillingPage(pathname);
}

/** PERM-020: Manage billing needs billing access and is hidden for legacy subscriptions. */
export function showManageBilling(space: UserWorkspace, permissions: SpacePermissions): boolean {
  return permissions.canAccessWorkspaceBilling && space.workspacePlan !== 'LEGACY';
}

/** The plan label of the user's place in a space, as the menus show it. */
export function spacePlanLabel(space: UserWorkspace): string {
  return planLabel({
    workspacePlan: space.workspacePlan,
    legacyType: space.legacyPlanType,
    userPlan: space.userPlan,
  });
}
