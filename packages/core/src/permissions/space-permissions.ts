import type { z } from 'zod';
import type {
  LegacyType,
  MemberStatus,
  Role,
  RolloutRestriction,
  UserPlan,
  WorkspacePlan,
  WorkspaceStatus,
} from '../constants/domain';
import type { spaceUserFeaturesSchema } from '../spaces/space-contracts';
import { planFeatures } from './plan-features';
import { isRestricted, restrictionFlags, type RestrictionFlags } from './restrictions';
import { hasRoleAtLeast, isManager } from './roles';

/** Everything the permission rules of a user in one space depend on. */
export interface SpacePermissionInput {
  role: Role;
  userPlan: UserPlan;
  memberStatus: MemberStatus;
  workspacePlan: WorkspacePlan;
  legacyType: LegacyType | null;
  workspaceStatus: WorkspaceStatus;
  /** The per-seat billing model (rollout isPerSeat). */
  isPerSeat: boolean;
  /** Rollout restrictions in force for the user (see activeRestrictions). */
  restrictions: readonly RolloutRestriction[];
  isGmailUser: boolean;
}

export type SpaceUserFeatures = z.infer<typeof spaceUserFeaturesSchema>;

export interface SpacePermissions extends SpaceUserFeatures, RestrictionFlags {
  /** SHELL-008: owner or admin; otherwise the sidebar explains settings cannot be managed. */
  canManageSettings: boolean;
  /** PERM-008, ROUTE-017: /space/general is owner only. */
  canAccessGeneralSettings: boolean;
  /** PERM-012..014 (C3, C4): the users page (modern members page, or the legacy Manage Users page). */
  canAccessUsersPage: boolean;
  /** PERM-015, ROUTE-013: the bounces page. */
  showBouncesPage: boolean;
  /** PERM-016: role MEMBER, space plan PRO, user plan FREE (gets the upgrade info modal). */
  isFreeMemberOfProSpace: boolean;
  /** PERM-007 (C2): the modern invitation flow. */
  canInvite: boolean;
  /** PERM-008: ownership transfer. */
  canTransferOwnership: boolean;
  /** PERM-022 (C6): add seats, remove unused seats, cancel a scheduled removal. */
  canManageSeats: boolean;
  /** PERM-023 (C5): change member roles (the selection must also not contain the owner). */
  canChangeRoles: boolean;
  /** PERM-021: add, manage and invite members (removal has further per-member rules). */
  canManageMembers: boolean;
  canDeleteSpace: boolean;
}

/**
 * PERM-011: the first workspace-access check: role MEMBER or higher, on an active membership of a
 * space that is not DISABLED (DISABLED users see the disabled page; DISABLED spaces show only their name).
 */
function canAccessWorkspace(input: SpacePermissionInput): boolean {
  return (
    hasRoleAtLeast(input.role, 'MEMBER') &&
    input.memberStatus !== 'DISABLED' &&
    input.workspaceStatus !== 'DISABLED'
  );
}

/** The features of 000 §3 'In the space context' (spaceUserFeaturesSchema). */
export function spaceUserFeatures(input: SpacePermissionInput): SpaceUserFeatures {
  const access = canAccessWorkspace(input);
  const manager = access && isManager(input.role);
  const plan = planFeatures(input.workspacePlan);
  const paidUser = input.userPlan !== 'FREE';
  return {
    canAccessWorkspace: access,
    // PERM-004/005: managers, but only the owner in the per-seat model.
    canAccessWorkspaceBilling: input.isPerSeat ? access && input.role === 'OWNER' : manager,
    // PERM-018/019: managers, on a plan with the team analytics dashboard, once WORKSPACE_DASHBOARD is lifted.
    canAccessTeamReport:
      manager && plan.teamAnalyticsDashboard && !isRestricted(input.restrictions, 'WORKSPACE_DASHBOARD'),
    // manageUserRoles and transferOwnerShip are plan features; the role checks are canChangeRoles
    // and canTransferOwnership (the FREE/LEGACY transfer notices are shown to the owner, 001 §6).
    manageUserRoles: plan.manageUserRoles,
    transferOwnerShip: plan.transferOwnerShip,
    // PERM-017 and 001 §6: the space shares them (PREMIUM), the user is paid, and the rollout allows it.
    sharedUnsubscribes:
      plan.shareUnsubscribesAcrossWorkspace && paidUser && !isRestricted(input.restrictions, 'SHARED_UNSUBS'),
    sharedBounces:
      plan.shareBouncesAccrossWorkspace && paidUser && !isRestricted(input.restrictions, 'SHARED_BOUNCES'),
  };
}

/** What the user may see and do in the space: the 7 features plus the derived page and action rules. */
export function spacePermissions(input: SpacePermissionInput): SpacePermissions {
  const features = spaceUserFeatures(input);
  const access = features.canAccessWorkspace;
  const manager = access && isManager(input.role);
  const owner = access && input.role === 'OWNER';
  const legacy = input.workspacePlan === 'LEGACY';
  const flags = restrictionFlags(input.restrictions, { legacyType: legacy ? input.legacyType : null });
  // C3: managers always (legacy ones get the legacy Manage Users page); a MEMBER only with a paid
  // user plan on a non-legacy space, since the page is blank for a free or legacy member.
  const usersPageAudience = manager || (!legacy && access && input.userPlan !== 'FREE');
  return {
    ...features,
    ...flags,
    canManageSettings: manager,
    canAccessGeneralSettings: owner,
    // C4: only if the user can access users and the page is not restricted (001 §6).
    canAccessUsersPage: usersPageAudience && !flags.isUsersPageRestricted,
    // PERM-015 as written (000 §6): hidden on PRO for a non-FREE user; "restricted" read as SHARED_BOUNCES.
    showBouncesPage:
      access &&
      !(input.workspacePlan === 'PRO' && input.userPlan !== 'FREE') &&
      !isRestricted(input.restrictions, 'SHARED_BOUNCES'),
    isFreeMemberOfProSpace:
      input.role === 'MEMBER' && input.workspacePlan === 'PRO' && input.userPlan === 'FREE',
    // C2: the modern invitation call needs a non-legacy plan and INVITATION lifted (legacy spaces
    // invite through the legacy Manage Users flow instead).
    canInvite: manager && !legacy && !isRestricted(input.restrictions, 'INVITATION'),
    canTransferOwnership: owner && features.transferOwnerShip && !flags.isTransferWorkspaceRestricted,
    // C6: only the owner manages seats (the stricter rule).
    canManageSeats: owner,
    // C5: only the owner changes roles, with manageUserRoles and a non-FREE space plan.
    canChangeRoles: owner && features.manageUserRoles && input.workspacePlan !== 'FREE',
    canManageMembers: manager,
    canDeleteSpace: owner,
  };
}
