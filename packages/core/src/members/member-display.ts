import type {
  LegacyType,
  MemberStatus,
  Role,
  RolloutRestriction,
  UserPlan,
  WorkspacePlan,
} from '../constants/domain';
import { DAILY_RECIPIENT_QUOTA } from '../constants/limits';
import { LIST_PRICES_USD, PLAN_LABELS } from '../constants/pricing';
import { isRestricted } from '../permissions/restrictions';
import { splitEmailTags } from '../suppressions/suppression-rules';
import { MEMBER_TEXTS, memberTypeOf, roomIn, UNLIMITED } from './member-rules';

/**
 * How the members pages show members and what they offer (001 §2, §4, §8): the rules only the
 * web needs. What the server enforces is in member-rules; texts the spec leaves open are ours and
 * marked so.
 */

const germanNumber = new Intl.NumberFormat('de-DE');

/** MEM-003: ACTIVE and ACCEPTED show Active, PENDING Pending, DISABLED Disabled. */
export function memberStatusLabel(status: MemberStatus): 'Active' | 'Pending' | 'Disabled' {
  if (status === 'PENDING') return 'Pending';
  if (status === 'DISABLED') return 'Disabled';
  // FREE_TRIAL and LEGACY (001 §3 'in some lists') are members in use, so they read Active too.
  return 'Active';
}

/** MEM-001, MEM-039: the Role column and the role choices read Owner, Admin and User. */
export const MEMBER_ROLE_LABELS: Record<Role, string> = { OWNER: 'Owner', ADMIN: 'Admin', MEMBER: 'User' };

/**
 * SHELL-024: the upgrade info modal's sentence under the owner and the admins it lists: 'any of
 * them' when there are admins, 'them' for the owner alone.
 */
export function upgradeContactText(managers: readonly { role: Role }[]): string {
  return managers.some((manager) => manager.role === 'ADMIN')
    ? 'Contact any of them to request an upgrade.'
    : 'Contact them to request an upgrade.';
}

/** MEM-001, MEM-032: the Type column groups the member types as Trial, Free or Paid. */
export function memberTypeLabel(member: {
  plan: UserPlan;
  isPaid: boolean;
  trial: number | null;
}): 'Trial' | 'Free' | 'Paid' {
  const type = memberTypeOf(member);
  if (type === 'TRIAL') return 'Trial';
  return type === 'FREE' ? 'Free' : 'Paid';
}

/** MEM-001: the Quota column, 'Up to N' recipients per day (numbers in German format, 001 §9). */
export function quotaLabel(quota: number): string {
  return `Up to ${germanNumber.format(quota)}`;
}

/** PERM-032: what an Admin may do, beside the role choice. */
export const ADMIN_ROLE_TOOLTIP = {
  seats: 'Admins can manage members. Ownership transfer is available from the space settings.',
  legacy: 'Can manage users and billing',
} as const;

/** What the display rules need to know of the space's per-plan allowances (workspaceFeatures). */
export interface SpaceAllowances {
  workspacePlan: WorkspacePlan;
  /** The space's domains; the first is the one the texts name. */
  domains: readonly string[];
  hasMultiDomain: boolean;
  /** FREE allowedUserCount; -1 unlimited. */
  freeAllowedUserCount: number;
}

/** Ours: a disabled member when no plan limit explains why. */
export const DISABLED_MEMBER_TEXT = 'This member cannot use the space until they are activated again.';

/**
 * MEM-002, MEM-062, MEM-063: the warning tooltip of a Disabled status. Someone from outside the
 * space's domains is told about the domain; anyone else about the free-user limit.
 */
export function disabledReason(member: { isUserInDomain: boolean }, space: SpaceAllowances): string {
  const [domain] = space.domains;
  if (!member.isUserInDomain && !space.hasMultiDomain && domain) return MEMBER_TEXTS.domainOnly(domain);
  if (space.freeAllowedUserCount !== UNLIMITED) return MEMBER_TEXTS.freeUserLimit(space.freeAllowedUserCount);
  return DISABLED_MEMBER_TEXT;
}

/**
 * MEM-064: why a disabled member cannot be activated, or null when they can: someone from a
 * different domain ('Upgrade your space to re-activate them.'), or the FREE plan's free-user
 * maximum already reached (the spec gives that case no text; the free-user limit text says it).
 * `freeUsers` counts the free members in use (not DISABLED).
 */
export function activationRefusal(
  member: { isUserInDomain: boolean },
  space: SpaceAllowances & { freeUsers: number },
): string | null {
  if (!member.isUserInDomain && !space.hasMultiDomain && space.domains.length > 0) {
    return MEMBER_TEXTS.reactivateOtherDomain;
  }
  if (space.workspacePlan !== 'FREE') return null;
  const { room, refusal } = roomIn({
    kind: 'free',
    allowedUsers: space.freeAllowedUserCount,
    freeUsers: space.freeUsers,
  });
  return room > 0 ? null : refusal;
}

/** Who is looking at the selection hint (MEM-007 MEM-008 MEM-009). */
export type SelectionHintKind = 'owner' | 'other' | 'legacy';

/**
 * MEM-007, MEM-008, MEM-009: what can be done with a selection. The lead-in of the two lists is
 * ours; the legacy sentence and the list items are the spec's.
 */
export function selectionHint(kind: SelectionHintKind): { text: string; actions: readonly string[] } {
  const remove = 'Remove them from the space';
  if (kind === 'legacy') return { text: 'Select member to remove them from the space.', actions: [] };
  return {
    text: 'Select members to:',
    actions: kind === 'owner' ? ['Change their role', remove] : [remove],
  };
}

/** MEM-012: the remove confirmation's title, naming the one member or not. */
export function removeConfirmationTitle(names: readonly string[], spaceName: string): string {
  return names.length === 1
    ? `Remove ${names[0]} from ${spaceName}?`
    : `Remove these members from ${spaceName}?`;
}

/** MEM-013: the remove confirmation's text and buttons. */
export const REMOVE_CONFIRMATION = {
  text: 'They will no longer have access to this space.',
  confirm: 'Yes, proceed',
  cancel: 'No, cancel',
} as const;

/** What the Add members button does (MEM-042 MEM-043 MEM-044 MEM-045). */
type AddMembersAction = 'legacyAdd' | 'addMembers' | 'cancelDowngrade' | 'manageSeats';

/** The seats part of a seat summary (SEAT-001); -1 unlimited. */
interface SeatCounts {
  totalSeats: number;
  assignedSeats: number;
  availableSeats: number;
  scheduledRemoval: object | null;
}

/**
 * MEM-042 MEM-043 MEM-044 MEM-045, the add-members button path: a legacy TEAM or UNLIMITED space opens the
 * legacy add; seats available (or unlimited) open the add-members dialog; a pending scheduled downgrade
 * sends to billing to cancel it; otherwise the manage seats dialog. A space without a seat
 * subscription (FREE, or a paid space of the older flow) counts places by plan: the add-members
 * dialog, where the server says per address what does not fit.
 */
export function addMembersAction(
  space: { workspacePlan: WorkspacePlan; legacyType: LegacyType | null },
  seats: SeatCounts | null,
): AddMembersAction {
  if (space.workspacePlan === 'LEGACY' && (space.legacyType === 'TEAM' || space.legacyType === 'UNLIMITED')) {
    return 'legacyAdd';
  }
  if (!seats || seats.availableSeats === UNLIMITED || seats.availableSeats > 0) return 'addMembers';
  if (seats.scheduledRemoval) return 'cancelDowngrade';
  return 'manageSeats';
}

/** MEM-006: the header's seat count; ours for unlimited seats. */
export function seatsUsedText(seats: Pick<SeatCounts, 'totalSeats' | 'assignedSeats'>): string {
  return seats.totalSeats === UNLIMITED
    ? `${seats.assignedSeats} seats used (unlimited)`
    : `${seats.assignedSeats} of ${seats.totalSeats} seats used`;
}

/** SEAT-001, SEAT-031: the usage bar's percentage, rounded (0 for unlimited seats). */
export function seatUsagePercent(seats: Pick<SeatCounts, 'totalSeats' | 'assignedSeats'>): number {
  if (seats.totalSeats === UNLIMITED || seats.totalSeats <= 0) return 0;
  return Math.min(100, Math.round((seats.assignedSeats / seats.totalSeats) * 100));
}

/**
 * MEM-048: typed or pasted member e-mails become tags on space or comma, lowercased, without
 * duplicates (of each other or of the tags already there). Answers the new tags only.
 */
export function newEmailTags(existing: readonly string[], raw: string): string[] {
  const seen = new Set(existing);
  const added: string[] = [];
  for (const value of splitEmailTags(raw.toLowerCase())) {
    if (seen.has(value)) continue;
    seen.add(value);
    added.push(value);
  }
  return added;
}

/**
 * MEM-057, MEM-058: the legacy add's warning when the selected users and the paid users already
 * there go past the plan's user limit (only for a limit above -1), or null.
 */
export function legacyAddWarning(selected: number, paidUsers: number, allowedUsers: number): string | null {
  const { room, refusal } = roomIn({ kind: 'legacy', allowedUsers, paidUsers });
  return selected > room ? refusal : null;
}

/** MEM-072 and the member banners of 001 §8, whose texts (all but 'added') are ours. */
export const MEMBER_BANNERS = {
  added: (n: number) =>
    n === 1 ? 'The user has been added successfully.' : `${n} users have been added successfully`,
  invited: (n: number) => (n === 1 ? 'The invitation has been sent.' : `${n} invitations have been sent.`),
  rolesUpdated: (n: number) => (n === 1 ? 'The role has been updated.' : `${n} roles have been updated.`),
  removed: (n: number) =>
    n === 1
      ? 'The member has been removed from the space.'
      : `${n} members have been removed from the space.`,
  resent: (n: number) =>
    n === 1 ? 'The invitation has been sent again.' : `${n} invitations have been sent again.`,
  cancelled: (n: number) =>
    n === 1 ? 'The invitation has been cancelled.' : `${n} invitations have been cancelled.`,
  activated: (n: number) =>
    n === 1 ? 'The member has been activated.' : `${n} members have been activated.`,
} as const;

/** MEM-073, MEM-074 (C13): the members table's empty and no-match states. */
export const MEMBER_EMPTY_STATES = {
  empty: { title: 'Nothing to see here...', text: "You don't have any space members." },
  noMatch: { title: 'No results found', text: 'Sorry, there is no space member that fits with your search.' },
} as const;

/** MEM-014: the legacy Manage Users page's counters. */
export interface LegacyCounters {
  total: number;
  paid: number;
  gmailPaid: number;
  trial: number;
  free: number;
  disabled: number;
}

/**
 * MEM-014: every member counts once: disabled ones as disabled, the others by type: paid
 * (company address), gmail paid (a personal address, PRO_PERSONAL), trial or free.
 */
export function legacyCounters(
  members: readonly { status: MemberStatus; plan: UserPlan; isPaid: boolean; trial: number | null }[],
): LegacyCounters {
  const counters: LegacyCounters = {
    total: members.length,
    paid: 0,
    gmailPaid: 0,
    trial: 0,
    free: 0,
    disabled: 0,
  };
  for (const member of members) {
    if (member.status === 'DISABLED') {
      counters.disabled += 1;
      continue;
    }
    const type = memberTypeOf(member);
    if (type === 'TRIAL') counters.trial += 1;
    else if (type === 'FREE') counters.free += 1;
    else if (type === 'PRO_PERSONAL') counters.gmailPaid += 1;
    else counters.paid += 1;
  }
  return counters;
}

/**
 * The Premium list price the pricing cards show, in whole USD per user: the spec names a
 * workspace.premium price (PRICE-009) without an amount; ours, the demo's payment plans use it.
 */
const PREMIUM_LIST_PRICE_USD = { YEARLY: 96, MONTHLY: 30 } as const;

/** One pricing card of the legacy Manage Users page (MEM-019). */
export interface PricingCard {
  plan: 'PRO' | 'PREMIUM';
  title: string;
  /** Per user and month, the yearly price divided by 12 (PRICE-001), e.g. '$5' or '$8.25'. */
  monthlyPrice: string;
  billing: 'billed annually';
  recipientsPerDay: string;
  features: readonly string[];
}

const monthlyOf = (yearly: number) => {
  const monthly = Math.round((yearly / 12) * 100) / 100;
  return `$${Number.isInteger(monthly) ? monthly : monthly.toFixed(2)}`;
};

/** A feature line, and the restriction that drops it (PERM-034). */
const PRO_FEATURES: readonly [string, RolloutRestriction | null][] = [
  ['Schedule mail merges', null],
  ['No branded footer', null],
  ['Manage the users of your space', 'USERS_PAGE'],
  ['Transfer the ownership of your space', 'TRANSFER_WORKSPACE'],
  ['Team report dashboard', 'WORKSPACE_DASHBOARD'],
  ['Priority support', null],
];
/** What Premium adds (BILL-042), as the pricing cards and the billing page's Premium card list it. */
export const PREMIUM_FEATURES: readonly string[] = [
  'Everything in Pro',
  'Unsubscriptions shared across the space',
  'Bounce lists shared across the space',
  'Video-call support',
];

/**
 * MEM-019, PRICE-026, PERM-033, PERM-034: the Pro and Premium cards, priced per month and billed
 * annually in USD, with the recipients per day; the Premium card is left out while PREMIUM_PLAN
 * is restricted, and the users page, transfer and dashboard lines while theirs are. The feature
 * wording is ours.
 */
export function legacyPricingCards(restrictions: readonly RolloutRestriction[]): PricingCard[] {
  const features = PRO_FEATURES.filter(
    ([, restriction]) => restriction === null || !isRestricted(restrictions, restriction),
  ).map(([line]) => line);
  const recipientsPerDay = `Up to ${germanNumber.format(DAILY_RECIPIENT_QUOTA.PRO)} recipients / day`;
  const cards: PricingCard[] = [
    {
      plan: 'PRO',
      title: PLAN_LABELS.PRO,
      monthlyPrice: monthlyOf(LIST_PRICES_USD.PROFESSIONAL.YEARLY),
      billing: 'billed annually',
      recipientsPerDay,
      features,
    },
  ];
  if (!isRestricted(restrictions, 'PREMIUM_PLAN')) {
    cards.push({
      plan: 'PREMIUM',
      title: PLAN_LABELS.PREMIUM,
      monthlyPrice: monthlyOf(PREMIUM_LIST_PRICE_USD.YEARLY),
      billing: 'billed annually',
      recipientsPerDay,
      features: PREMIUM_FEATURES,
    });
  }
  return cards;
}
