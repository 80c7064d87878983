import { LIST_PRICES_USD, SEATS } from '@mergeboard/core';
import { hashSessionSecret, newSessionSecret } from '../../access/tokens';
import type { invitations, workspaceDomains, workspaces } from '../../db/schema';
import {
  DEMO_PENDING_INVITATIONS,
  DEMO_SPACES,
  LEGACY_TEAM_MORE_PEOPLE,
  NORTHWIND_PEOPLE,
  type DemoPerson,
} from './accounts';
import { DAY } from './address-book';
import { addYearlySubscription, type DemoPaymentPlans, type DemoSubscriptions } from './billing-data';
import { createRandom } from './random';
import { joinSpace, type DemoMember, type DemoSpaces } from './spaces';

/** Its own random source: the rest of the demo draws exactly as it did before these were added. */
const MEMBER_STATES_SEED = 20_250_102;
const INVITATION_DAYS = 7;

interface DemoMemberStates {
  workspace: typeof workspaces.$inferInsert;
  domain: typeof workspaceDomains.$inferInsert;
  people: Pick<DemoSpaces, 'users' | 'memberships' | 'rollout'>;
  /** Legacy Team Co's added members (paid ones count in its seat plan). */
  legacyTeamMembers: DemoMember[];
  northwindMembers: DemoMember[];
  billing: DemoSubscriptions;
  invitations: (typeof invitations.$inferInsert)[];
}

/**
 * The member states the Users pages show beyond the main demo: Legacy Team Co's gmail-paid,
 * trial, free, disabled and invited members; Northwind Studio, a per-seat space whose seats are
 * all assigned; and an invitation row for each pending member of DEMO_PENDING_INVITATIONS,
 * stored hashed like the invitation service does.
 */
export function buildMemberStates(options: {
  now: Date;
  plans: DemoPaymentPlans;
  spaceIds: { acme: string; legacyTeam: string };
  /** Everyone seeded so far, to find who sent an invitation. */
  accounts: readonly DemoMember[];
}): DemoMemberStates {
  const { now, plans } = options;
  const random = createRandom(MEMBER_STATES_SEED);
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
  const people: DemoMemberStates['people'] = { users: [], memberships: [], rollout: [] };
  const join = (workspaceId: string, person: DemoPerson, joinedDaysAgo: number, isPerSeat: boolean) =>
    joinSpace(people, { random, now, workspaceId, person, joinedDaysAgo, isPerSeat });

  const legacyTeamMembers = LEGACY_TEAM_MORE_PEOPLE.map((person, index) =>
    join(options.spaceIds.legacyTeam, person, person.status === 'PENDING' ? 5 : 500 - index * 90, false),
  );

  const northwindId = random.uuid();
  const northwind = DEMO_SPACES.fullSeats;
  const createdAt = daysAgo(400);
  const northwindMembers = NORTHWIND_PEOPLE.map((person, index) =>
    join(northwindId, person, index === 0 ? 400 : person.status === 'PENDING' ? 2 : 400 - index * 60, true),
  );
  const billing: DemoSubscriptions = { subscriptions: [], seatPlans: [], invoices: [] };
  addYearlySubscription(
    billing,
    { random, now },
    {
      key: 'northwind_studio',
      workspaceId: northwindId,
      workspacePlan: 'PRO',
      paymentPlanId: plans.idOf('PROFESSIONAL', 'YEARLY', 'USD'),
      totalSeats: northwind.seats,
      allowedQuantity: SEATS.maximum,
      // Every seat taken: the pending invitee holds one too.
      assignedSeats: northwindMembers.filter((member) => member.person.isPaid).length,
      amount: northwind.seats * LIST_PRICES_USD.PROFESSIONAL.YEARLY * 100,
      companyName: 'Northwind Studio',
      periodStartedDaysAgo: 35,
    },
  );

  const everyone = [...options.accounts, ...legacyTeamMembers, ...northwindMembers];
  const idOf = (email: string) => {
    const member = everyone.find((candidate) => candidate.person.email === email);
    if (!member) throw new Error(`no demo account ${email}`);
    return member.userId;
  };
  const spaceIds = { ...options.spaceIds, fullSeats: northwindId };
  return {
    workspace: {
      id: northwindId,
      name: northwind.name,
      slug: northwind.slug,
      plan: 'PRO',
      status: 'ACTIVE',
      isPerSeat: true,
      proAllowedUserCount: northwind.seats,
      createdAt,
      updatedAt: createdAt,
    },
    domain: { workspaceId: northwindId, domainName: northwind.domain, createdAt },
    people,
    legacyTeamMembers,
    northwindMembers,
    billing,
    invitations: DEMO_PENDING_INVITATIONS.map(({ space, email, invitedBy, daysAgo: sentDaysAgo }) => {
      const sentAt = daysAgo(sentDaysAgo);
      return {
        tokenHash: hashSessionSecret(newSessionSecret()),
        workspaceId: spaceIds[space],
        email,
        invitedByUserId: idOf(invitedBy),
        status: 'PENDING',
        expiresAt: new Date(sentAt.getTime() + INVITATION_DAYS * DAY),
        createdAt: sentAt,
        updatedAt: sentAt,
      };
    }),
  };
}
