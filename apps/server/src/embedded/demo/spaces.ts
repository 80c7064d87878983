import type { memberships, rolloutStatus, users, workspaceDomains, workspaces } from '../../db/schema';
import {
  ACME_EUROPE_PEOPLE,
  ACME_PEOPLE,
  DEMO_SPACES,
  LEGACY_TEAM_PEOPLE,
  PERSONAL_PERSON,
  type DemoPerson,
} from './accounts';
import { DAY, HOUR } from './address-book';
import type { Random } from './random';

type NewWorkspace = typeof workspaces.$inferInsert;
type NewUser = typeof users.$inferInsert;
type NewMembership = typeof memberships.$inferInsert;

/** Rollout step past every restriction, so the demo shows every page. */
const ALL_STEPS_ACTIVATED = 9;

export interface DemoMember {
  userId: string;
  person: DemoPerson;
  joinedAt: Date;
}

export interface DemoSpaces {
  workspaces: NewWorkspace[];
  domains: (typeof workspaceDomains.$inferInsert)[];
  users: NewUser[];
  memberships: NewMembership[];
  rollout: (typeof rolloutStatus.$inferInsert)[];
  acme: { id: string; members: DemoMember[] };
  legacyTeam: { id: string; members: DemoMember[] };
  personal: { id: string };
}

function membershipRow(options: {
  workspaceId: string;
  userId: string;
  person: DemoPerson;
  joined: Date;
  now: Date;
}): NewMembership {
  const { workspaceId, userId, person, joined, now } = options;
  return {
    workspaceId,
    userId,
    role: person.role,
    status: person.status,
    userPlan: person.userPlan,
    seatType: person.seatType,
    isPaid: person.isPaid,
    freeTrialEnd:
      person.trialDaysLeft === undefined ? null : new Date(now.getTime() + person.trialDaysLeft * DAY),
    lastBecomePaidAt: person.isPaid ? joined : null,
    createdAt: joined,
    updatedAt: joined,
  };
}

/**
 * A person with an account (users row, rollout status) joining `workspaceId`, which becomes their
 * sending space; the rows are appended to `target`.
 */
export function joinSpace(
  target: Pick<DemoSpaces, 'users' | 'memberships' | 'rollout'>,
  options: {
    random: Random;
    now: Date;
    workspaceId: string;
    person: DemoPerson;
    joinedDaysAgo: number;
    isPerSeat: boolean;
  },
): DemoMember {
  const { random, now, workspaceId, person, isPerSeat } = options;
  const userId = random.uuid();
  const joined = new Date(now.getTime() - options.joinedDaysAgo * DAY - random.int(0, 8) * HOUR);
  const domain = person.email.split('@')[1] ?? null;
  const isPersonal = domain === 'gmail.com';
  target.users.push({
    id: userId,
    email: person.email,
    name: person.name,
    isPersonal,
    domain: isPersonal ? null : domain,
    installationTimestamp: person.installed ? new Date(joined.getTime() + HOUR) : null,
    status: 'ACTIVE',
    // Every user sends from the space they belong to.
    addonWorkspaceId: workspaceId,
    createSource: person.installed ? 'ADDON' : 'WEBAPP',
    createdAt: joined,
    updatedAt: joined,
  });
  target.memberships.push(membershipRow({ workspaceId, userId, person, joined, now }));
  target.rollout.push({
    userId,
    isPerSeat,
    lastActivatedStep: ALL_STEPS_ACTIVATED,
    createdAt: joined,
    updatedAt: joined,
  });
  return { userId, person, joinedAt: joined };
}

export function buildSpaces(random: Random, now: Date): DemoSpaces {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY - random.int(0, 8) * HOUR);
  const acmeId = random.uuid();
  const legacyTeamId = random.uuid();
  const personalId = random.uuid();

  const result: DemoSpaces = {
    workspaces: [
      {
        id: acmeId,
        name: DEMO_SPACES.acme.name,
        slug: DEMO_SPACES.acme.slug,
        plan: 'PRO',
        status: 'ACTIVE',
        isPerSeat: true,
        memberInviteUser: true,
        proAllowedUserCount: DEMO_SPACES.acme.seats,
        createdAt: at(470),
        updatedAt: at(120),
      },
      {
        id: legacyTeamId,
        name: DEMO_SPACES.legacyTeam.name,
        slug: DEMO_SPACES.legacyTeam.slug,
        plan: 'LEGACY',
        legacyType: 'TEAM',
        status: 'LEGACY',
        isPerSeat: false,
        proAllowedUserCount: DEMO_SPACES.legacyTeam.seats,
        createdAt: at(900),
        updatedAt: at(200),
      },
      {
        id: personalId,
        name: DEMO_SPACES.personal.name,
        slug: DEMO_SPACES.personal.slug,
        plan: 'FREE',
        status: 'ACTIVE',
        isPerSeat: true,
        createdAt: at(60),
        updatedAt: at(60),
      },
    ],
    domains: [
      { workspaceId: acmeId, domainName: DEMO_SPACES.acme.domain, createdAt: at(470) },
      { workspaceId: legacyTeamId, domainName: DEMO_SPACES.legacyTeam.domain, createdAt: at(900) },
    ],
    users: [],
    memberships: [],
    rollout: [],
    acme: { id: acmeId, members: [] },
    legacyTeam: { id: legacyTeamId, members: [] },
    personal: { id: personalId },
  };

  const join = (workspaceId: string, person: DemoPerson, joinedDaysAgo: number, isPerSeat: boolean) =>
    joinSpace(result, { random, now, workspaceId, person, joinedDaysAgo, isPerSeat });

  // The owner created the space; the others joined over the following months.
  ACME_PEOPLE.forEach((person, index) => {
    const newcomer = person.status === 'PENDING' || person.trialDaysLeft !== undefined;
    const joinedDaysAgo = index === 0 ? 470 : newcomer ? 4 : 460 - index * 37;
    result.acme.members.push(join(acmeId, person, joinedDaysAgo, true));
  });
  LEGACY_TEAM_PEOPLE.forEach((person, index) => {
    result.legacyTeam.members.push(join(legacyTeamId, person, 900 - index * 60, false));
  });
  join(personalId, PERSONAL_PERSON, 60, true);
  return result;
}

export interface DemoPremiumSpace {
  id: string;
  workspace: NewWorkspace;
  domain: typeof workspaceDomains.$inferInsert;
  memberships: NewMembership[];
  members: DemoMember[];
}

/**
 * Acme Europe (see ACME_EUROPE_PEOPLE): a PREMIUM space on the older billing flow (not per seat),
 * whose members are Acme people who already have an account, a sending space (Acme Sales) and a
 * rollout status; so it adds a space and memberships only.
 */
export function buildAcmeEuropeSpace(
  random: Random,
  now: Date,
  accounts: readonly DemoMember[],
): DemoPremiumSpace {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY - random.int(0, 8) * HOUR);
  const id = random.uuid();
  const createdAt = at(ACME_EUROPE_PEOPLE[0]?.joinedDaysAgo ?? 0);
  const members = ACME_EUROPE_PEOPLE.map(({ person, joinedDaysAgo }, index): DemoMember => {
    const account = accounts.find((member) => member.person.email === person.email);
    if (!account) throw new Error(`Acme Europe member ${person.email} has no Acme account`);
    const joinedAt = index === 0 ? createdAt : at(joinedDaysAgo);
    return { userId: account.userId, person, joinedAt };
  });
  return {
    id,
    workspace: {
      id,
      name: DEMO_SPACES.acmeEurope.name,
      slug: DEMO_SPACES.acmeEurope.slug,
      plan: 'PREMIUM',
      status: 'ACTIVE',
      isPerSeat: false,
      proAllowedUserCount: DEMO_SPACES.acmeEurope.seats,
      createdAt,
      updatedAt: at(60),
    },
    domain: { workspaceId: id, domainName: DEMO_SPACES.acmeEurope.domain, createdAt },
    memberships: members.map(({ userId, person, joinedAt }) =>
      membershipRow({ workspaceId: id, userId, person, joined: joinedAt, now }),
    ),
    members,
  };
}
