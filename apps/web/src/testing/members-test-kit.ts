import { screen, within } from '@testing-library/react';
import type { SeatSummary, SpaceMember, UserWorkspace, WorkspaceDetails } from '@mergeboard/core';
import { currentUser } from './auth-fixtures';
import { json, type FakeRequest, type FakeRoutes } from './fake-server';
import { renderInSpace, spaceEntry, spaceMember } from './space-fixtures';

/** Acme Sales, a per-seat Pro space of the acme.example domain, as its owner (user u-1) sees it. */
export const acme = spaceEntry(1, 'Acme Sales', {
  userRole: 'OWNER',
  workspacePlan: 'PRO',
  userPlan: 'PRO',
  isSendingWorkspace: true,
});
export const legacyTeam = spaceEntry(2, 'Legacy Team Co', {
  userRole: 'OWNER',
  workspacePlan: 'LEGACY',
  legacyPlanType: 'TEAM',
  userPlan: 'PRO',
  workspaceStatus: 'LEGACY',
});

const allowance = (allowedUserCount: number) => ({ hasMultiDomain: false, allowedUserCount });

/** GET /workspaces/{id} extras: the domain and the per-plan allowances the tooltips name. */
export const acmeDetails: Partial<WorkspaceDetails> = {
  isPerSeat: true,
  workspaceDomains: [{ domainName: 'acme.example' }],
  workspaceFeatures: { FREE: allowance(1), PRO: allowance(15), PRO_PERSONAL: allowance(15) },
};
const legacyDetails: Partial<WorkspaceDetails> = {
  isPerSeat: false,
  workspaceDomains: [{ domainName: 'legacy-team.example' }],
  workspaceFeatures: { FREE: allowance(1), PRO: allowance(5), PRO_PERSONAL: allowance(5) },
};

export const people = {
  owner: spaceMember({ id: 'u-1', name: 'Olivia Bennett', email: 'owner@acme.example', role: 'OWNER' }),
  admin: spaceMember({ name: 'Marcus Chen', email: 'admin@acme.example', role: 'ADMIN' }),
  sofia: spaceMember({ name: 'Sofia Ramirez', email: 'member@acme.example' }),
  liam: spaceMember({
    name: "Liam O'Connor",
    email: 'free.member@acme.example',
    plan: 'FREE',
    isPaid: false,
    quota: 20,
  }),
  diego: spaceMember({
    name: 'Diego Alvarez',
    email: 'diego.alvarez@acme.example',
    status: 'PENDING',
    seatType: 'PENDING_YAMM_USER',
  }),
  emma: spaceMember({
    name: 'Emma Larsen',
    email: 'emma.larsen@acme.example',
    isPaid: false,
    trial: 1_900_000_000_000,
  }),
  noah: spaceMember({
    name: 'Noah Fischer',
    email: 'noah.fischer@acme.example',
    status: 'DISABLED',
    plan: 'FREE',
    isPaid: false,
    quota: 20,
  }),
  stranger: spaceMember({
    name: 'Sam Stranger',
    email: 'sam@elsewhere.example',
    status: 'DISABLED',
    plan: 'FREE',
    isPaid: false,
    isUserInDomain: false,
    quota: 20,
  }),
} satisfies Record<string, SpaceMember>;

export const everyone: SpaceMember[] = Object.values(people);

export function seatSummary(overrides: Partial<SeatSummary> = {}): SeatSummary {
  return {
    subscriptionId: 'sub-1',
    workspacePlan: 'PRO',
    subscriptionStatus: 'ACTIVE',
    paymentSource: 'STRIPE',
    billingInterval: 'YEARLY',
    totalSeats: 15,
    assignedSeats: 9,
    availableSeats: 6,
    scheduledRemoval: null,
    ...overrides,
  };
}

export const routeOf = (space: UserWorkspace) => ({
  members: `GET /api/v1/workspaces/${space.workspaceId}/members`,
  subscriptions: `GET /api/workspace-billing/workspaces/${space.workspaceId}/subscriptions/v2`,
  addUsers: `POST /api/v1/workspaces/${space.workspaceId}/users/v1`,
  removeUsers: `PATCH /api/v1/workspaces/${space.workspaceId}/users/v1`,
  addLegacy: `POST /api/v1/workspaces/${space.workspaceId}/members`,
  removeLegacy: `DELETE /api/v1/workspaces/${space.workspaceId}/members`,
  inviteLegacy: `POST /api/v1/workspaces/${space.workspaceId}/legacy-invitations`,
  changeRole: `PUT /api/v1/workspaces/${space.workspaceId}/members/change-role`,
  activate: `PUT /api/v1/workspaces/${space.workspaceId}/members/activate`,
  promoteValidity: `GET /api/v1/workspaces/${space.workspaceId}/members/promote-validity`,
  resend: `PUT /api/v1/workspaces/${space.workspaceId}/invitations/resend`,
  cancel: `DELETE /api/v1/workspaces/${space.workspaceId}/invitations`,
  suggest: 'GET /api/v2/users/suggest',
});

/** The members list answered by the fake server, filtered by its search like the real one. */
export function searchingMembers(items: SpaceMember[]) {
  return (request: FakeRequest) => {
    const filter = request.url.searchParams.get('filterBy') ?? '';
    const search = decodeURIComponent(/search:([^,]*)/.exec(filter)?.[1] ?? '').toLowerCase();
    const found = items.filter((m) => `${m.name} ${m.email}`.toLowerCase().includes(search));
    return json(200, { items: found, total: found.length });
  };
}

/** Opens Acme's users page as `role`, with the members and seats given. */
export async function openUsersPage({
  role = 'OWNER',
  members = everyone,
  seats = seatSummary(),
  routes = {},
  space = acme,
}: {
  role?: UserWorkspace['userRole'];
  members?: SpaceMember[];
  seats?: SeatSummary | null;
  routes?: FakeRoutes;
  space?: UserWorkspace;
} = {}) {
  const entry = { ...space, userRole: role };
  const r = routeOf(entry);
  const rendered = await renderInSpace(`${entry.urlPrefix}/space/users`, {
    user: currentUser({ isPerSeat: true, userWorkspaces: [entry] }),
    details: { [entry.workspaceId]: space === legacyTeam ? legacyDetails : acmeDetails },
    routes: {
      [r.members]: searchingMembers(members),
      [r.subscriptions]: json(200, { items: seats ? [seats] : [] }),
      [r.promoteValidity]: json(200, { items: [] }),
      ...routes,
    },
  });
  return { ...rendered, routes: r, entry };
}

export const rowOf = async (name: string) => {
  const cell = await screen.findByText(name, { selector: 'p' });
  return cell.closest('tr') as HTMLElement;
};

export const selectRow = async (user: { click(element: Element): Promise<void> }, name: string) =>
  user.click(await screen.findByRole('checkbox', { name: `Select ${name}` }));

export const drawer = () => screen.findByRole('complementary', { name: /selected$/ });

export const inDrawer = async () => within(await drawer());
