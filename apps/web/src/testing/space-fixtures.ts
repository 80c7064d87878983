import { isGmailUser, spacePermissions } from '@mergeboard/core';
import type { CurrentUser, SpaceMember, UserWorkspace, WorkspaceDetails } from '@mergeboard/core';
import { currentUser, userWorkspace } from './auth-fixtures';
import { json } from './fake-server';
import { renderSignedIn } from './signed-in';
import type { FakeRoutes } from './fake-server';

/** A space id (uuid) numbered n, and the matching urlPrefix. */
function spaceId(n: number): string {
  return `0b7d1c2e-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

/** A user-workspace entry with its id, name and prefix built from `n` and `name`. */
export function spaceEntry(n: number, name: string, overrides: Partial<UserWorkspace> = {}): UserWorkspace {
  const id = spaceId(n);
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const plan = overrides.workspacePlan ?? 'FREE';
  return userWorkspace({
    workspaceId: id,
    workspaceName: name,
    urlPrefix: `/${id}/${slug}`,
    isSendingWorkspace: false,
    workspacePlan: plan,
    ...overrides,
  });
}

/** The server's GET /workspaces/{id} answer for an entry, computed by the core rules. */
export function workspaceDetails(
  entry: UserWorkspace,
  overrides: Partial<WorkspaceDetails> = {},
  user: CurrentUser = currentUser(),
): WorkspaceDetails {
  const restrictions = overrides.restrictions ?? [];
  const isPerSeat = overrides.isPerSeat ?? user.isPerSeat;
  const permissions = spacePermissions({
    role: entry.userRole,
    userPlan: entry.userPlan,
    memberStatus: entry.status,
    workspacePlan: entry.workspacePlan,
    legacyType: entry.legacyPlanType,
    workspaceStatus: entry.workspaceStatus,
    isPerSeat,
    memberInviteUser: overrides.memberInviteUser ?? false,
    restrictions,
    isGmailUser: isGmailUser(user.userEmail),
  });
  return {
    id: entry.workspaceId,
    workspaceId: entry.workspaceId,
    name: entry.workspaceName,
    workspaceName: entry.workspaceName,
    plan: entry.workspacePlan,
    legacyType: entry.legacyPlanType,
    status: entry.workspaceStatus,
    role: entry.userRole,
    urlPrefix: entry.urlPrefix,
    isPerSeat,
    memberInviteUser: false,
    trackingDefaults: { opens: true, clicks: true },
    memberCount: 3,
    features: {
      canAccessWorkspace: permissions.canAccessWorkspace,
      canAccessWorkspaceBilling: permissions.canAccessWorkspaceBilling,
      canAccessTeamReport: permissions.canAccessTeamReport,
      manageUserRoles: permissions.manageUserRoles,
      transferOwnerShip: permissions.transferOwnerShip,
      sharedUnsubscribes: permissions.sharedUnsubscribes,
      sharedBounces: permissions.sharedBounces,
    },
    restrictions,
    ownerEmail: 'owner@acme.example',
    ...overrides,
  };
}

let members = 0;

export function spaceMember(overrides: Partial<SpaceMember> = {}): SpaceMember {
  members += 1;
  return {
    id: `7a000000-0000-4000-8000-${String(members).padStart(12, '0')}`,
    name: `Member ${members}`,
    email: `member${members}@acme.example`,
    role: 'MEMBER',
    status: 'ACTIVE',
    plan: 'PRO',
    seatType: 'ADDED_YAMM_USER',
    isPaid: true,
    trial: null,
    isPersonal: false,
    isUserInDomain: true,
    isScheduledToBeDowngraded: false,
    toBeRemoved: false,
    quota: 1500,
    createTimestamp: 1_700_000_000_000,
    ...overrides,
  };
}

/**
 * GET /workspaces/{id} for every space of the user, answered from the core rules; `details`
 * overrides the answer per space id.
 */
export function spaceRoutes(
  user: CurrentUser,
  details: Record<string, Partial<WorkspaceDetails>> = {},
): FakeRoutes {
  const routes: FakeRoutes = {};
  for (const entry of user.userWorkspaces ?? []) {
    routes[`GET /api/v1/workspaces/${entry.workspaceId}`] = json(
      200,
      workspaceDetails(entry, details[entry.workspaceId], user),
    );
  }
  return routes;
}

/** {@link renderSignedIn} with the user's spaces answered by the fake server. */
export async function renderInSpace(
  url: string,
  {
    user = currentUser(),
    details = {},
    routes = {},
  }: { user?: CurrentUser; details?: Record<string, Partial<WorkspaceDetails>>; routes?: FakeRoutes } = {},
) {
  return renderSignedIn(url, { user, routes: { ...spaceRoutes(user, details), ...routes } });
}
