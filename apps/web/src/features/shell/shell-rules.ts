import { planLabel, showsUpgradeButton, type SpacePermissions, type UserWorkspace } from '@mergeboard/core';

function isBillingPage(pathname: string): boolean {
  return /\/space\/billing\/?$/.test(pathname);
}

/**
 * SHELL-011 SHELL-012: the header Upgrade button, to whoever may use the checkout it opens on a
 * FREE space (core's showsUpgradeButton, which reconciles SHELL-012 with PERM-005), except on the
 * billing page. A free member of a Pro space gets the upgrade info modal instead (PERM-016).
 */
export function showUpgradeButton(
  space: UserWorkspace,
  permissions: SpacePermissions,
  pathname: string,
): boolean {
  return showsUpgradeButton(space, permissions) && !isBillingPage(pathname);
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
