import type { SpacePermissions, UserWorkspace } from '@mergeboard/core';

export function isBillingPage(pathname: string): boolean {
  return /\/space\/billing\/?$/.test(pathname);
}

/**
 * SHELL-012 as the issue decided it: the header Upgrade button shows for a MEMBER of a FREE
 * space, except on the billing page.
 */
export function showUpgradeButton(space: UserWorkspace, pathname: string): boolean {
  return space.userRole === 'MEMBER' && space.workspacePlan === 'FREE' && !isBillingPage(pathname);
}

/** PERM-020: Manage billing needs billing access and is hidden for legacy subscriptions. */
export function showManageBilling(space: UserWorkspace, permissions: SpacePermissions): boolean {
  return permissions.canAccessWorkspaceBilling && space.workspacePlan !== 'LEGACY';
}
