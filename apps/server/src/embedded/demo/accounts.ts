import type { MemberStatus, Role, SeatType, UserPlan } from '@mergeboard/core';

/** The spaces of the demo, by name. */
export const DEMO_SPACES = {
  acme: { name: 'Acme Sales', slug: 'acme-sales', domain: 'acme.example', seats: 15 },
  legacyTeam: { name: 'Legacy Team Co', slug: 'legacy-team-co', domain: 'legacy-team.example', seats: 5 },
  /** PREMIUM on the older (not per-seat) billing flow: shares its unsubscriptions and bounces. */
  acmeEurope: { name: 'Acme Europe', slug: 'acme-europe', domain: 'acme.example', seats: 5 },
  personal: { name: "Pat's space", slug: 'pats-space' },
  /** A Pro per-seat space whose every seat is assigned: adding members leads to buying seats. */
  fullSeats: { name: 'Northwind Studio', slug: 'northwind-studio', domain: 'northwind.example', seats: 4 },
  /** FREE per-seat domain space with no subscription: its owner buys seats (CONST-019: one member). */
  freeDomain: { name: 'Globex', slug: 'globex', domain: 'globex.example' },
  /** PREMIUM (older flow) billed in EUR with German VAT: the billing page shows the tax lines. */
  premiumEur: { name: 'Initech Berlin', slug: 'initech-berlin', domain: 'initech.example', seats: 3 },
  /** A Pro per-seat space given by our team (payment source SUPPORT): the custom plan card. */
  custom: { name: 'Umbrella Labs', slug: 'umbrella-labs', domain: 'umbrella.example', seats: 10 },
  /** A legacy PERSONAL space paid yearly through PayPal: its owner can stop the renewal. */
  paypalLegacy: { name: "Robin's space", slug: 'robins-space' },
} as const;

/** The addresses to sign in with in the demo (the README and tests refer to these). */
export const DEMO_ACCOUNTS = {
  /** OWNER of Acme Sales, a Pro per-seat space. */
  acmeOwner: 'owner@acme.example',
  /** ADMIN of Acme Sales; OWNER of Acme Europe, a Premium space with shared lists. */
  acmeAdmin: 'admin@acme.example',
  /** Paid MEMBER of Acme Sales and of Acme Europe, where the lists are shared with her. */
  acmeMember: 'member@acme.example',
  /** Free MEMBER of Acme Sales (user plan FREE: sees the upgrade info modal). */
  acmeFreeMember: 'free.member@acme.example',
  /** OWNER of Legacy Team Co, on the legacy TEAM plan. */
  legacyOwner: 'owner@legacy-team.example',
  /** Gmail-type (STANDARD) account, OWNER of a FREE personal space. */
  personal: 'pat@gmail.com',
  /** OWNER of Northwind Studio, a Pro per-seat space with no seat left (4 of 4 assigned). */
  fullSeatsOwner: 'owner@northwind.example',
  /** OWNER and only member of Globex, a FREE per-seat domain space: buys seats for it. */
  freeDomainOwner: 'owner@globex.example',
  /** OWNER of Initech Berlin, a Premium space paying in EUR with 19 % VAT. */
  premiumEurOwner: 'owner@initech.example',
  /** OWNER of Umbrella Labs, whose Pro plan our team set up (Current plan: Custom). */
  customOwner: 'owner@umbrella.example',
  /** OWNER of Robin's space, a legacy PERSONAL plan paid through PayPal (/stop-automatic-renewal). */
  paypalLegacyOwner: 'robin.paypal@gmail.com',
} as const;

export interface DemoPerson {
  email: string;
  name: string;
  role: Role;
  userPlan: UserPlan;
  status: MemberStatus;
  seatType: SeatType;
  isPaid: boolean;
  /** Days from now until the free trial ends. */
  trialDaysLeft?: number;
  /** Has installed the add-on (a pending invitee has not signed in yet). */
  installed: boolean;
  /** Sends the demo's mail merges. */
  sends: boolean;
}

const person = (
  email: string,
  name: string,
  role: Role,
  userPlan: UserPlan,
  extra: Partial<DemoPerson> = {},
): DemoPerson => ({
  email,
  name,
  role,
  userPlan,
  status: 'ACTIVE',
  seatType: 'ADDED_YAMM_USER',
  isPaid: userPlan !== 'FREE',
  installed: true,
  sends: userPlan !== 'FREE',
  ...extra,
});

/** Added to a place but has not signed in yet: the invitation link is out. */
const INVITED: Partial<DemoPerson> = {
  status: 'PENDING',
  seatType: 'PENDING_YAMM_USER',
  installed: false,
  sends: false,
};

export const ACME_PEOPLE: readonly DemoPerson[] = [
  person(DEMO_ACCOUNTS.acmeOwner, 'Olivia Bennett', 'OWNER', 'PRO'),
  person(DEMO_ACCOUNTS.acmeAdmin, 'Marcus Chen', 'ADMIN', 'PRO'),
  person(DEMO_ACCOUNTS.acmeMember, 'Sofia Ramirez', 'MEMBER', 'PRO'),
  person(DEMO_ACCOUNTS.acmeFreeMember, "Liam O'Connor", 'MEMBER', 'FREE'),
  person('jonas.weber@acme.example', 'Jonas Weber', 'ADMIN', 'PRO'),
  person('priya.natarajan@acme.example', 'Priya Natarajan', 'MEMBER', 'PRO'),
  person('amara.okafor@acme.example', 'Amara Okafor', 'MEMBER', 'PRO'),
  person('lucas.martin@acme.example', 'Lucas Martin', 'MEMBER', 'PRO'),
  person('hannah.kowalski@acme.example', 'Hannah Kowalski', 'MEMBER', 'PRO'),
  // Added to a seat but has not signed in yet.
  person('diego.alvarez@acme.example', 'Diego Alvarez', 'MEMBER', 'PRO', INVITED),
  // Trying Pro before a seat is bought for her.
  person('emma.larsen@acme.example', 'Emma Larsen', 'MEMBER', 'PRO', {
    isPaid: false,
    trialDaysLeft: 9,
    sends: false,
  }),
  person('noah.fischer@acme.example', 'Noah Fischer', 'MEMBER', 'FREE', { status: 'DISABLED' }),
];

/**
 * Acme people who also belong to Acme Europe (no new accounts: they keep sending from Acme Sales),
 * with their role there and how many days ago they joined it. The first four are paid, so with the
 * rollout past every step the shared lists are on for each of them; Liam joined lately and is free
 * there too, on the fifth place the subscription pays for: the owner can make him paid from the
 * Users page (MEM-033).
 */
export const ACME_EUROPE_PEOPLE: readonly { person: DemoPerson; joinedDaysAgo: number }[] = [
  // Marcus created the space (a yearly Premium subscription, renewed once).
  { person: person(DEMO_ACCOUNTS.acmeAdmin, 'Marcus Chen', 'OWNER', 'PRO'), joinedDaysAgo: 420 },
  { person: person(DEMO_ACCOUNTS.acmeMember, 'Sofia Ramirez', 'MEMBER', 'PRO'), joinedDaysAgo: 380 },
  {
    person: person('jonas.weber@acme.example', 'Jonas Weber', 'ADMIN', 'PRO', { sends: false }),
    joinedDaysAgo: 300,
  },
  {
    person: person('amara.okafor@acme.example', 'Amara Okafor', 'MEMBER', 'PRO', { sends: false }),
    joinedDaysAgo: 200,
  },
  { person: person(DEMO_ACCOUNTS.acmeFreeMember, "Liam O'Connor", 'MEMBER', 'FREE'), joinedDaysAgo: 20 },
];

export const LEGACY_TEAM_PEOPLE: readonly DemoPerson[] = [
  person(DEMO_ACCOUNTS.legacyOwner, 'Walter Brandt', 'OWNER', 'PRO'),
  person('ines.moreau@legacy-team.example', 'Ines Moreau', 'ADMIN', 'PRO'),
  person('kenji.sato@legacy-team.example', 'Kenji Sato', 'MEMBER', 'PRO'),
  person('ruth.adeyemi@legacy-team.example', 'Ruth Adeyemi', 'MEMBER', 'PRO', { status: 'LEGACY' }),
];

/**
 * Legacy Team Co's other members, seeded apart (member-states.ts) so that every counter of its
 * Manage Users page is non-zero: paid, gmail paid, trial, free, disabled, plus an invited one.
 */
export const LEGACY_TEAM_MORE_PEOPLE: readonly DemoPerson[] = [
  person('marta.silva@gmail.com', 'Marta Silva', 'MEMBER', 'PRO_PERSONAL'),
  person('felix.hartmann@legacy-team.example', 'Felix Hartmann', 'MEMBER', 'PRO', {
    isPaid: false,
    trialDaysLeft: 12,
    sends: false,
  }),
  person('grace.lin@legacy-team.example', 'Grace Lin', 'MEMBER', 'FREE'),
  person('omar.haddad@legacy-team.example', 'Omar Haddad', 'MEMBER', 'FREE', { status: 'DISABLED' }),
  person('zoe.clark@legacy-team.example', 'Zoe Clark', 'MEMBER', 'FREE', INVITED),
];

/** Northwind Studio: every seat paid for is taken, one of them by a person still invited. */
export const NORTHWIND_PEOPLE: readonly DemoPerson[] = [
  person(DEMO_ACCOUNTS.fullSeatsOwner, 'Ava Thompson', 'OWNER', 'PRO'),
  person('mia.johansson@northwind.example', 'Mia Johansson', 'ADMIN', 'PRO'),
  person('leo.fernandez@northwind.example', 'Leo Fernandez', 'MEMBER', 'PRO'),
  person('sam.okoro@northwind.example', 'Sam Okoro', 'MEMBER', 'PRO', INVITED),
];

/**
 * The pending members whose invitation link is out: who sent it and how many days ago (links
 * last 7 days). Their tokens are random and kept nowhere: 'resend' mails a fresh link.
 */
export const DEMO_PENDING_INVITATIONS: readonly {
  space: 'acme' | 'legacyTeam' | 'fullSeats';
  email: string;
  invitedBy: string;
  daysAgo: number;
}[] = [
  { space: 'acme', email: 'diego.alvarez@acme.example', invitedBy: DEMO_ACCOUNTS.acmeOwner, daysAgo: 4 },
  {
    space: 'legacyTeam',
    email: 'zoe.clark@legacy-team.example',
    invitedBy: DEMO_ACCOUNTS.legacyOwner,
    daysAgo: 5,
  },
  {
    space: 'fullSeats',
    email: 'sam.okoro@northwind.example',
    invitedBy: DEMO_ACCOUNTS.fullSeatsOwner,
    daysAgo: 2,
  },
];

export const PERSONAL_PERSON: DemoPerson = person(DEMO_ACCOUNTS.personal, 'Pat Morgan', 'OWNER', 'FREE');

/** Globex: a FREE domain space holds its owner only (CONST-019), on the free plan. */
export const GLOBEX_PEOPLE: readonly DemoPerson[] = [
  person(DEMO_ACCOUNTS.freeDomainOwner, 'Nora Lindqvist', 'OWNER', 'FREE'),
];

/** Initech Berlin: every member holds one of its paid Premium places. */
export const INITECH_PEOPLE: readonly DemoPerson[] = [
  person(DEMO_ACCOUNTS.premiumEurOwner, 'Katrin Vogel', 'OWNER', 'PRO'),
  person('jan.schneider@initech.example', 'Jan Schneider', 'ADMIN', 'PRO'),
  person('lena.hoffmann@initech.example', 'Lena Hoffmann', 'MEMBER', 'PRO'),
];

/** Umbrella Labs: paid seats of the plan our team gave, some left free to assign. */
export const UMBRELLA_PEOPLE: readonly DemoPerson[] = [
  person(DEMO_ACCOUNTS.customOwner, 'Alice Abernathy', 'OWNER', 'PRO'),
  person('rahul.mehta@umbrella.example', 'Rahul Mehta', 'ADMIN', 'PRO'),
  person('chloe.dubois@umbrella.example', 'Chloe Dubois', 'MEMBER', 'PRO'),
];

/** Robin: a Gmail user on a legacy personal plan bought through PayPal, renewing every year. */
export const PAYPAL_LEGACY_PERSON: DemoPerson = person(
  DEMO_ACCOUNTS.paypalLegacyOwner,
  'Robin Baker',
  'OWNER',
  'PRO',
);
