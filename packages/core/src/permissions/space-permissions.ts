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
import { TRANSFER_TEXTS } from '../spaces/space-rules';
import { planFeatures } from './plan-features';
import { isRestricted, restrictionFlags, type RestrictionFlags } from './restrictions';
import { isManager } from './roles';

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
  /** The space lets its members invite (memberInviteUser). */
  memberInviteUser: boolean;
  /** Rollout restrictions in force for the user (see activeRestrictions). */
  restrictions: readonly RolloutRestriction[];
  isGmailUser: boolean;
}

/** Why a caller may not do something: what the server answers with 403, and the web may show. */
interface Denial {
  code: 'member_disabled' | 'space_disabled' | 'forbidden' | 'plan_not_eligible' | 'restricted';
  message: string;
}

/** One condition of a permission: null when it holds, else why not. */
type Check = (input: SpacePermissionInput, texts: DenialTexts) => Denial | null;

/** Texts that depend on the install (the spec's 'YAMM' is the product name). */
interface DenialTexts {
  productName: string;
}

const check =
  (
    holds: (input: SpacePermissionInput) => boolean,
    denial: Denial | ((texts: DenialTexts) => Denial),
  ): Check =>
  (input, texts) =>
    holds(input) ? null : typeof denial === 'function' ? denial(texts) : denial;

const forbidden = (message: string): Denial => ({ code: 'forbidden', message });

/** SHELL-025: a DISABLED member sees only the disabled page. */
const activeMember = check((i) => i.memberStatus !== 'DISABLED', {
  code: 'member_disabled',
  message: 'Your account is disabled in this space',
});
/** SPACE-005: a DISABLED space shows only its name. */
const activeSpace = check((i) => i.workspaceStatus !== 'DISABLED', {
  code: 'space_disabled',
  message: 'This space is disabled',
});
/** PERM-011: the first workspace-access check (role MEMBER or higher on an active membership and space). */
const workspaceAccess: readonly Check[] = [activeMember, activeSpace];
/** PERM-002: owners and admins. */
const manager = check((i) => isManager(i.role), forbidden('Only owners and admins can do this'));
const owner = check((i) => i.role === 'OWNER', forbidden('Only the owner can do this'));
/** PERM-021, PERM-025: the managers of active members of an active space. */
const memberManagers: readonly Check[] = [...workspaceAccess, manager];
/** PERM-024: what a member or admin reads when buying seats is refused. */
const SEATS_OWNER_ONLY = 'Only the owner can manage seats: please contact the space owner';
const lifted = (restriction: RolloutRestriction, message: string) =>
  check((i) => !isRestricted(i.restrictions, restriction), { code: 'restricted', message });

/** The first condition of `checks` that fails, as its refusal; null when all hold. */
function firstDenial(
  checks: readonly Check[],
  input: SpacePermissionInput,
  texts: DenialTexts,
): Denial | null {
  for (const condition of checks) {
    const denial = condition(input, texts);
    if (denial) return denial;
  }
  return null;
}

/** PERM-012 PERM-013 PERM-014: the Users page (see canAccessUsersPage). */
const usersPage: readonly Check[] = [
  ...workspaceAccess,
  check(
    (i) => isManager(i.role) || (i.workspacePlan !== 'LEGACY' && i.userPlan !== 'FREE'),
    forbidden('Only owners, admins and paid users can see the users of this space'),
  ),
  check(
    (i) =>
      !restrictionFlags(i.restrictions, { legacyType: i.workspacePlan === 'LEGACY' ? i.legacyType : null })
        .isUsersPageRestricted,
    { code: 'restricted', message: 'The users page is not available for your account yet.' },
  ),
];

/**
 * The gates: each permission a route or a screen can require, as the ordered conditions it needs.
 * The first condition that fails names the refusal, so the server's 403 says why; spacePermissions
 * derives its booleans from the same lists, so the web's guards and the server never drift.
 */
const GATES = {
  /** The space's own details: any active membership, even in a DISABLED space (SPACE-005). */
  canViewSpace: [activeMember],
  canAccessWorkspace: workspaceAccess,
  /**
   * SHELL-008, PERM-011: the second check, a role above MEMBER. Web only, and rightly so: it hides
   * no page and guards no read of its own. It words the sidebar's 'You cannot manage settings if
   * you are not an owner or admin of the selected space.'; each settings page has its own gate
   * (canAccessGeneralSettings, canAccessUsersPage, canAccessWorkspaceBilling), which its reads and
   * writes require on the server.
   */
  canManageSettings: [...workspaceAccess, manager],
  /** PERM-008, ROUTE-017: /space/general (rename, member invites) is owner only. */
  canAccessGeneralSettings: [...workspaceAccess, owner],
  canDeleteSpace: [...workspaceAccess, owner],
  /** PERM-008, SPACE-019, SPACE-031, SPACE-032: owner, a plan with transferOwnerShip, TRANSFER_WORKSPACE lifted. */
  canTransferOwnership: [
    ...workspaceAccess,
    owner,
    check((i) => i.workspacePlan !== 'FREE', { code: 'plan_not_eligible', message: TRANSFER_TEXTS.free }),
    check(
      (i) => planFeatures(i.workspacePlan).transferOwnerShip,
      (texts) => ({ code: 'plan_not_eligible', message: TRANSFER_TEXTS.legacy(texts.productName) }),
    ),
    lifted('TRANSFER_WORKSPACE', 'Transferring ownership is not available for your account yet.'),
  ],
  /**
   * PERM-007, INV-013 (C2): managers, or any member when the space lets members invite; the modern
   * invitation needs a non-legacy plan (legacy spaces invite from Manage Users) and INVITATION lifted.
   */
  canInvite: [
    ...workspaceAccess,
    check(
      (i) => isManager(i.role) || i.memberInviteUser,
      forbidden('Only owners and admins can invite to this space'),
    ),
    check((i) => i.workspacePlan !== 'LEGACY', forbidden('Legacy spaces invite from the Manage Users page')),
    lifted('INVITATION', 'Invitations are not available for your account yet.'),
  ],
  /** PERM-018, PERM-019, PERM-050: managers, on a plan with the dashboard, WORKSPACE_DASHBOARD lifted. */
  canAccessTeamReport: [
    ...workspaceAccess,
    manager,
    check((i) => planFeatures(i.workspacePlan).teamAnalyticsDashboard, {
      code: 'plan_not_eligible',
      message: 'The team report is not available on this plan.',
    }),
    lifted('WORKSPACE_DASHBOARD', 'The team report is not available for your account yet.'),
  ],
  /** PERM-004, PERM-005: managers; only the owner in the per-seat model. */
  canAccessWorkspaceBilling: [
    ...workspaceAccess,
    check(
      (i) => (i.isPerSeat ? i.role === 'OWNER' : isManager(i.role)),
      forbidden('Only the owner can manage billing of this space'),
    ),
  ],
  /**
   * PERM-012 PERM-013 PERM-014 (C3, C4): managers (legacy ones get the legacy Manage Users page),
   * or a MEMBER with a paid user plan on a non-legacy space; and the page is not restricted
   * (USERS_PAGE, or a legacy personal or professional plan). The server refuses the page's own
   * read to everyone else: the seat listing (GET …/users/v1, 001 §7) has no other reader. The
   * member list, which other pages read too, has its own gate: canListMembers.
   */
  canAccessUsersPage: usersPage,
  /**
   * The member list (GET …/members, API-011): the Users page reads it (PERM-012 PERM-013
   * PERM-014), so a member may read it exactly when that page is his; a FREE member of a PRO space,
   * whom the spec shows no Users page (000 line 147 'The users page is available to those with a
   * plan'), is refused it. Managers may always read it, restricted page or not: the pages that are
   * theirs read it too — the checkout's paid-user selection and the legacy checkout's users
   * (000 §4 'Paid-user selection', PERM-009) and the transfer's candidates (PERM-008). The upgrade
   * info modal, which a free member does see (SHELL-023 'lists the owner and admins'), reads only
   * those: GET …/managers (canAccessWorkspace), not this list.
   */
  canListMembers: [
    ...workspaceAccess,
    (input, texts) => (isManager(input.role) ? null : firstDenial(usersPage, input, texts)),
  ],
  /**
   * PERM-021, PERM-025 (C5, C6): owners and admins manage members: resend and cancel invitations,
   * activate, read who can be made paid. The rules of each change (whom an admin may remove, the
   * plan limits) are core's member rules, checked on the selection.
   */
  canManageMembers: memberManagers,
  /** PERM-021 (C3): the seat model's add and remove (users/v1); legacy spaces use Manage Users. */
  canManageSeatMembers: [
    ...memberManagers,
    check(
      (i) => i.workspacePlan !== 'LEGACY',
      forbidden('Legacy spaces manage users from the Manage Users page'),
    ),
  ],
  /**
   * C2, C3, MEM-011, MEM-018, MEM-042: managers of a legacy TEAM or UNLIMITED space add, invite and
   * remove users from the Manage Users page (legacy personal and professional plans have none).
   */
  canManageLegacyMembers: [
    ...memberManagers,
    check(
      (i) => i.workspacePlan === 'LEGACY',
      forbidden('Only spaces on a legacy plan manage users this way'),
    ),
    check((i) => i.legacyType === 'TEAM' || i.legacyType === 'UNLIMITED', {
      code: 'plan_not_eligible',
      message: 'This legacy plan has a single user.',
    }),
  ],
  /**
   * PERM-006, PERM-023 (C5): the owner only, on a plan with manageUserRoles (every plan but FREE,
   * see planFeatures). "No owner in the selection" is a rule of the request (roleChangesOf).
   */
  canChangeRoles: [
    ...workspaceAccess,
    owner,
    check((i) => planFeatures(i.workspacePlan).manageUserRoles, {
      code: 'plan_not_eligible',
      message: 'Changing roles is not available in free plan.',
    }),
  ],
  /** PERM-022, PERM-024 (C6): only the owner manages seats; members are told to contact the owner. */
  canManageSeats: [...workspaceAccess, check((i) => i.role === 'OWNER', forbidden(SEATS_OWNER_ONLY))],
  /** 000 §4 'Subscription lists are not fetched for MEMBER': served to owners and admins only. */
  canReadSubscriptions: [...workspaceAccess, manager],
  /**
   * PERM-015 as written (000 §6): hidden on PRO for a non-FREE user; "restricted" read as
   * SHARED_BOUNCES. ROUTE-013 routes the page only then, and no other page reads a bounce list,
   * so the server refuses the page's calls (list, export, add, delete) to everyone else: a write
   * is never looser than its read (RELIABILITY, access control).
   */
  showBouncesPage: [
    ...workspaceAccess,
    check(
      (i) => !(i.workspacePlan === 'PRO' && i.userPlan !== 'FREE'),
      forbidden('Bounces are not shown on this plan'),
    ),
    lifted('SHARED_BOUNCES', 'Bounces are not available for your account yet.'),
  ],
} satisfies Record<string, readonly Check[]>;

/** A permission a route line or a web guard names. */
export type SpacePermission = keyof typeof GATES;
export const SPACE_PERMISSIONS = Object.keys(GATES) as SpacePermission[];

/** Why the permission is refused to this member, or null when it is granted. */
export function denialOf(
  permission: SpacePermission,
  input: SpacePermissionInput,
  texts: DenialTexts = { productName: 'Mergeboard' },
): Denial | null {
  return firstDenial(GATES[permission], input, texts);
}

type SpaceUserFeatures = z.infer<typeof spaceUserFeaturesSchema>;

export interface SpacePermissions
  extends SpaceUserFeatures, RestrictionFlags, Record<SpacePermission, boolean> {
  /** PERM-016: role MEMBER, space plan PRO, user plan FREE (gets the upgrade info modal). */
  isFreeMemberOfProSpace: boolean;
}

/** The features of 000 §3 'In the space context' (spaceUserFeaturesSchema). */
export function spaceUserFeatures(input: SpacePermissionInput): SpaceUserFeatures {
  const plan = planFeatures(input.workspacePlan);
  const paidUser = input.userPlan !== 'FREE';
  return {
    canAccessWorkspace: denialOf('canAccessWorkspace', input) === null,
    canAccessWorkspaceBilling: denialOf('canAccessWorkspaceBilling', input) === null,
    canAccessTeamReport: denialOf('canAccessTeamReport', input) === null,
    // Plan features; the role checks are canTransferOwnership and the members issue's role change.
    manageUserRoles: plan.manageUserRoles,
    transferOwnerShip: plan.transferOwnerShip,
    // PERM-017 and 001 §6: the space shares them (PREMIUM), the user is paid, and the rollout allows it.
    sharedUnsubscribes:
      plan.shareUnsubscribesAcrossWorkspace && paidUser && !isRestricted(input.restrictions, 'SHARED_UNSUBS'),
    sharedBounces:
      plan.shareBouncesAccrossWorkspace && paidUser && !isRestricted(input.restrictions, 'SHARED_BOUNCES'),
  };
}

/** What the user may see and do in the space: the 7 features, the restriction flags and every gate. */
export function spacePermissions(input: SpacePermissionInput): SpacePermissions {
  const legacy = input.workspacePlan === 'LEGACY';
  const gates = Object.fromEntries(
    SPACE_PERMISSIONS.map((permission) => [permission, denialOf(permission, input) === null]),
  ) as Record<SpacePermission, boolean>;
  return {
    ...spaceUserFeatures(input),
    ...restrictionFlags(input.restrictions, { legacyType: legacy ? input.legacyType : null }),
    ...gates,
    isFreeMemberOfProSpace:
      input.role === 'MEMBER' && input.workspacePlan === 'PRO' && input.userPlan === 'FREE',
  };
}

/**
 * SHELL-011 SHELL-012 PERM-005 PERM-009: whether the header's Upgrade button, which leads into the
 * checkout, shows (the web also hides it on the billing page, a matter of its paths). SHELL-012
 * shows it to 'a non-member (role other than MEMBER) on a FREE space'; PERM-005 and PERM-009 keep
 * the checkout from everyone but the owner of a per-seat space, and the server refuses the
 * checkout calls to the rest (canAccessWorkspaceBilling). Decision, reconciling the two: the
 * button shows on a FREE space to whoever may use the checkout it opens — every manager of an
 * older space, as SHELL-012 says, but only the owner of a per-seat space, whose admin would
 * otherwise be led into a checkout he is refused. (canAccessWorkspaceBilling holds for no MEMBER,
 * so SHELL-012's role condition is part of it.) A free member of a PRO space gets the upgrade
 * info modal instead (PERM-016).
 */
export function showsUpgradeButton(
  space: { workspacePlan: WorkspacePlan },
  permissions: Pick<SpacePermissions, 'canAccessWorkspaceBilling'>,
): boolean {
  return space.workspacePlan === 'FREE' && permissions.canAccessWorkspaceBilling;
}
