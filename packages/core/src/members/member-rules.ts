import type { MemberStatus, PaymentSource, Role, SeatType, UserPlan } from '../constants/domain';
import { DAILY_RECIPIENT_QUOTA } from '../constants/limits';
import { emailDomain, isPersonalEmail } from '../users/identity-rules';

/** An allowed user count, a seat total or a member's trial of -1 has no limit. */
export const UNLIMITED = -1;

const isUnlimited = (limit: number) => limit === UNLIMITED;

/**
 * The member management texts (000 §8, 001 §5, §8), word for word. Where the spec gives no text
 * (marked "ours"), the wording is ours and written down in the notes.
 */
export const MEMBER_TEXTS = {
  /** Ours: an address that already belongs to the space. */
  alreadyMember: 'This user is already a member of this space.',
  /** Ours: an address with a pending invitation or a pending seat. */
  alreadyInvited: 'This user has already been invited.',
  /** MEM-051, MEM-062, INV-016. */
  domainOnly: (domain: string) => `Your current plan only allows user from domain ${domain}.`,
  /** MEM-063; also the activate refusal for a reached free-user maximum (MEM-064, text ours by reuse). */
  freeUserLimit: (limit: number) => `Your current plan does not allow more than ${limit} free user(s).`,
  /** MEM-059 (max_users_reached). */
  maxPaidUsers: (limit: number) => `Your current plan allows a maximum of ${limit} paid users.`,
  /** MEM-057: the legacy add beyond the plan's user limit. */
  legacyUserLimit: (limit: number) => `You cannot go over your current plan user limit (${limit}).`,
  /** MEM-058: the legacy add when the plan's user limit is already used up. */
  noMoreUsers: 'Your current plan does not allow you to add other users.',
  /** MEM-054. */
  someAddressesRefused: "We can't add some email addresses. Hover over them to know why.",
  /** INV-015. */
  someInvitationsRefused: "We can't invite some email addresses. Hover over them to know why.",
  /** MEM-060 (C12: one user). */
  paidElsewhere: 'User is already a paid user in another space.',
  /** MEM-034. */
  mixedTypes: 'To update users Type, select users with the same Type.',
  /** MEM-035 (ours). */
  allPaid: 'The selected users are already paid users.',
  /** MEM-064: re-activating someone from outside the space's domains. */
  reactivateOtherDomain: 'Upgrade your space to re-activate them.',
  /** Ours: activate only applies to DISABLED members (MEM-029). */
  notDisabled: 'Only disabled members can be activated.',
  /** Ours: MEM-038. */
  ownerRole: "The owner's role cannot be changed.",
  /** Ours: MEM-037. */
  sameRoles: 'The selected members already have this role.',
  /** MEM-070. */
  workspaceIdRequired: 'WorkspaceId is required',
  /** MEM-070. */
  userEmailsRequired: 'user emails are required',
  /** MEM-071. */
  removeFailed: (emails: readonly string[]) => `Failed to remove ${emails.join(', ')} from the space`,
  /** Ours: a cancel or resend naming an address without a pending invitation. */
  notInvited: (email: string) => `${email} has no pending invitation in this space.`,
} as const;

/**
 * MEM-065 MEM-066 MEM-067 MEM-068 MEM-069 and PERM-026 PERM-027 PERM-028 PERM-029 PERM-030 PERM-031: why
 * members cannot be removed, in the order they are checked.
 */
export const REMOVAL_TEXTS = {
  owner: 'The owner cannot be removed from the space',
  freeTrial: 'You cannot remove the user in Free trial',
  self: 'You cannot remove yourself from the space',
  adminByAdmin: 'An admin cannot be removed by another admin from the space',
  paidUsers:
    'To remove paid users, you must downgrade them to free and then remove them during the next billing cycle.',
  /** Ours (PERM-030): the spec names the rule, not its text. */
  managedSubscription:
    "This space's subscription is managed by our support team: contact us to remove members.",
} as const;
type RemovalRule = keyof typeof REMOVAL_TEXTS;

/**
 * MEM-056 with the spec's "is/are", "seat(s)" and "member(s)" resolved: 'There is 1 available seat
 * in this space so you can add 1 member.' and 'There are N available seats … add N members.'
 */
export function seatsAvailableText(available: number): string {
  const one = available === 1;
  return (
    `There ${one ? 'is' : 'are'} ${available} available ${one ? 'seat' : 'seats'} in this space ` +
    `so you can add ${available} ${one ? 'member' : 'members'}. ` +
    'To add more members you need to add more seats to the space first.'
  );
}

/**
 * MEM-061 (C12: a checked list). The spec elides the plural as '{email} and N others are...';
 * ours completes it: '{email} and 1 other are already paid users in another space.' and
 * '{email} and N others are already paid users in another space.'
 */
export function paidElsewhereListText(emails: readonly string[]): string {
  const [first, ...others] = emails;
  if (others.length === 0) return `${first} is already a paid user in another space.`;
  const rest = others.length === 1 ? '1 other' : `${others.length} others`;
  return `${first} and ${rest} are already paid users in another space.`;
}

/** MEM-028: a personal (Gmail-type) address is paid as PRO_PERSONAL, any other as PRO. */
export function paidPlanFor(email: string): Exclude<UserPlan, 'FREE'> {
  return isPersonalEmail(email) ? 'PRO_PERSONAL' : 'PRO';
}

/** The space's features per user plan (workspaceFeatures: hasMultiDomain, allowedUserCount). */
export interface PlanAllowance {
  hasMultiDomain: boolean;
  /** -1: unlimited. */
  allowedUserCount: number;
}

/**
 * MEM-051, MEM-062, INV-016: an address outside the space's domains is refused unless the plan
 * allows several domains. A space without a domain (a personal one) admits any address.
 */
export function domainRefusal(
  email: string,
  space: { domains: readonly string[]; hasMultiDomain: boolean },
): string | null {
  if (space.hasMultiDomain || space.domains.length === 0) return null;
  return space.domains.includes(emailDomain(email)) ? null : MEMBER_TEXTS.domainOnly(space.domains[0]!);
}

/** What is known of one address someone wants to add or invite. */
export interface Addressee {
  email: string;
  /** Already in the space (any status but PENDING). */
  isMember: boolean;
  /** Has a pending seat or a pending invitation in the space. */
  isInvited: boolean;
  /** Holds a paid membership in another space. */
  isPaidElsewhere: boolean;
}

/** The rules an add or invite is checked against, besides how many fit (see Capacity). */
export interface AdditionPolicy {
  domains: readonly string[];
  /** hasMultiDomain of the user plan the newcomers get. */
  hasMultiDomain: boolean;
  /** The newcomers would be paid. */
  paid: boolean;
  /** MULTIPLE_PAYMENT is in force: nobody is paid in two spaces (MEM-036, MEM-060). */
  singlePayment: boolean;
}

/** Why one address cannot be added or invited, whatever the room left; null when it can. */
export function addresseeRefusal(addressee: Addressee, policy: AdditionPolicy): string | null {
  if (addressee.isMember) return MEMBER_TEXTS.alreadyMember;
  if (addressee.isInvited) return MEMBER_TEXTS.alreadyInvited;
  const domain = domainRefusal(addressee.email, policy);
  if (domain) return domain;
  if (policy.paid && policy.singlePayment && addressee.isPaidElsewhere) return MEMBER_TEXTS.paidElsewhere;
  return null;
}

/**
 * How many newcomers a space has room for:
 * - seats: a per-seat space with an active subscription; newcomers take paid seats, within the
 *   seats bought (MEM-056) and the plan's paid-user maximum (MEM-059).
 * - free: newcomers are free users, within the plan's free-user count (MEM-063; a FREE domain
 *   space holds one member, 001 §1).
 * - legacy: the legacy add, within the plan's user limit (MEM-057, MEM-058).
 * Counts take -1 for unlimited.
 */
export type Capacity =
  | { kind: 'seats'; totalSeats: number; assignedSeats: number; maxPaidUsers: number; paidUsers: number }
  | { kind: 'free'; allowedUsers: number; freeUsers: number }
  | { kind: 'legacy'; allowedUsers: number; paidUsers: number };

/** The number of newcomers that fit (Infinity when unlimited) and what the others are told. */
export function roomIn(capacity: Capacity): { room: number; refusal: string } {
  const left = (limit: number, used: number) =>
    isUnlimited(limit) ? Number.POSITIVE_INFINITY : Math.max(0, limit - used);
  switch (capacity.kind) {
    case 'seats': {
      const byPlan = left(capacity.maxPaidUsers, capacity.paidUsers);
      const bySeats = left(capacity.totalSeats, capacity.assignedSeats);
      // The plan maximum cannot be bought past, so it is the reason whenever it binds.
      return byPlan <= bySeats
        ? { room: byPlan, refusal: MEMBER_TEXTS.maxPaidUsers(capacity.maxPaidUsers) }
        : { room: bySeats, refusal: seatsAvailableText(bySeats) };
    }
    case 'free':
      return {
        room: left(capacity.allowedUsers, capacity.freeUsers),
        refusal: MEMBER_TEXTS.freeUserLimit(capacity.allowedUsers),
      };
    case 'legacy': {
      const room = left(capacity.allowedUsers, capacity.paidUsers);
      return {
        room,
        refusal: room === 0 ? MEMBER_TEXTS.noMoreUsers : MEMBER_TEXTS.legacyUserLimit(capacity.allowedUsers),
      };
    }
  }
}

/**
 * MEM-051 MEM-052 MEM-053 MEM-054 MEM-055 MEM-056 MEM-057 MEM-058 MEM-059 MEM-060 MEM-061 MEM-062 MEM-063,
 * MEM-076: the per-address answer of an add or invite. Each address is checked on its own first; of the
 * acceptable ones, those beyond the room left (in the order given) are refused with the capacity's text.
 * errorMsg is null for an address that can be added.
 */
export function validateAdditions(
  addressees: readonly Addressee[],
  policy: AdditionPolicy,
  capacity: Capacity,
): { email: string; errorMsg: string | null }[] {
  const { room, refusal } = roomIn(capacity);
  let accepted = 0;
  return addressees.map((addressee) => {
    const own = addresseeRefusal(addressee, policy);
    if (own) return { email: addressee.email, errorMsg: own };
    accepted += 1;
    return { email: addressee.email, errorMsg: accepted > room ? refusal : null };
  });
}

/** A member someone wants to remove, as the removal rules see them. */
export interface RemovalTarget {
  userId: string;
  role: Role;
  status: MemberStatus;
  isPaid: boolean;
  /** Free-trial end in epoch ms (-1 unlimited) or null (MEM-022). */
  trial: number | null;
}

/** Who removes, from which space. */
export interface RemovalContext {
  actor: { userId: string; role: Role };
  isLegacy: boolean;
  /** The payment source of the space's active subscription, if any. */
  paymentSource: PaymentSource | null;
}

const isOnFreeTrial = (member: { status: MemberStatus; trial: number | null }) =>
  member.status === 'FREE_TRIAL' || member.trial !== null;

const REMOVAL_RULES: readonly [RemovalRule, (target: RemovalTarget, context: RemovalContext) => boolean][] = [
  ['owner', (target) => target.role === 'OWNER'],
  ['freeTrial', (target) => isOnFreeTrial(target)],
  ['self', (target, context) => target.userId === context.actor.userId],
  ['adminByAdmin', (target, context) => context.actor.role === 'ADMIN' && target.role === 'ADMIN'],
  ['paidUsers', (target, context) => context.isLegacy && target.isPaid],
  [
    'managedSubscription',
    (_target, context) => context.paymentSource === 'OFFLINE' || context.paymentSource === 'SUPPORT',
  ],
];

/**
 * MEM-065 MEM-066 MEM-067 MEM-068 MEM-069, PERM-026 PERM-027 PERM-028 PERM-029 PERM-030 PERM-031: why a
 * selection cannot be removed, or null when it can. The rules are tried in the spec's order (owner, free
 * trial, self, admin by admin, legacy paid users, then an offline or support subscription), each over the
 * whole selection, so the answer names the first rule any selected member breaks, and that member.
 */
export function removalRefusal(
  targets: readonly RemovalTarget[],
  context: RemovalContext,
): { rule: RemovalRule; message: string; userId: string } | null {
  for (const [rule, breaks] of REMOVAL_RULES) {
    const target = targets.find((candidate) => breaks(candidate, context));
    if (target) return { rule, message: REMOVAL_TEXTS[rule], userId: target.userId };
  }
  return null;
}

/** MEM-039: the roles a role change may give. */
export const ASSIGNABLE_ROLES = ['MEMBER', 'ADMIN'] as const satisfies readonly Role[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/**
 * MEM-037, MEM-038, PERM-023: the requested roles that change something, or why the request is
 * refused: an owner in the selection (never the owner's role), or nothing that would change.
 */
export function roleChangesOf(
  current: readonly { userId: string; role: Role }[],
  requested: readonly { userId: string; userRole: AssignableRole }[],
):
  | { ok: true; changes: { userId: string; userRole: AssignableRole }[] }
  | { ok: false; reason: 'owner' | 'nothing'; message: string } {
  const roles = new Map(current.map((member) => [member.userId, member.role]));
  if (requested.some((change) => roles.get(change.userId) === 'OWNER')) {
    return { ok: false, reason: 'owner', message: MEMBER_TEXTS.ownerRole };
  }
  const changes = requested.filter((change) => roles.get(change.userId) !== change.userRole);
  return changes.length > 0
    ? { ok: true, changes }
    : { ok: false, reason: 'nothing', message: MEMBER_TEXTS.sameRoles };
}

/** MEM-032: the member types. */
type MemberType = 'FREE' | 'TRIAL' | 'PRO' | 'PRO_PERSONAL';

/** MEM-032: a member on a free trial is TRIAL; an unpaid one FREE; a paid one has their paid plan. */
export function memberTypeOf(member: { plan: UserPlan; isPaid: boolean; trial: number | null }): MemberType {
  if (member.trial !== null) return 'TRIAL';
  if (!member.isPaid || member.plan === 'FREE') return 'FREE';
  return member.plan;
}

/** The column the members table shows for a type: Trial, Free or Paid (001 §2). */
const typeGroup = (type: MemberType) => (type === 'PRO' || type === 'PRO_PERSONAL' ? 'PAID' : type);

/**
 * MEM-034 MEM-035 MEM-036: why the selected users' type cannot be changed, or null. Mixed types first, then
 * all already paid, then, under MULTIPLE_PAYMENT, users paid in another space (already_paid_user,
 * named with the list text of MEM-061).
 */
export function typeChangeRefusal(
  selected: readonly { email: string; type: MemberType; isPaidElsewhere: boolean }[],
  options: { singlePayment: boolean },
): { code: 'mixed_types' | 'all_paid' | 'already_paid_user'; message: string } | null {
  const groups = new Set(selected.map((member) => typeGroup(member.type)));
  if (groups.size > 1) return { code: 'mixed_types', message: MEMBER_TEXTS.mixedTypes };
  if (groups.has('PAID')) return { code: 'all_paid', message: MEMBER_TEXTS.allPaid };
  const paidElsewhere = selected.filter((member) => member.isPaidElsewhere).map((member) => member.email);
  if (options.singlePayment && paidElsewhere.length > 0) {
    return { code: 'already_paid_user', message: paidElsewhereListText(paidElsewhere) };
  }
  return null;
}

/**
 * MEM-029: PENDING (invited) becomes ACTIVE or ACCEPTED; any status but DISABLED may become
 * DISABLED; DISABLED comes back to ACTIVE only (Activate).
 */
export function canChangeMemberStatus(from: MemberStatus, to: MemberStatus): boolean {
  if (from === to) return false;
  if (to === 'DISABLED') return true;
  if (from === 'PENDING') return to === 'ACTIVE' || to === 'ACCEPTED';
  if (from === 'DISABLED') return to === 'ACTIVE';
  return false;
}

/**
 * MEM-022: a free-trial end at or after 9999-01-01 is the server's "never ends" sentinel and
 * reads -1 (unlimited).
 */
export const TRIAL_UNLIMITED_FROM = Date.UTC(9999, 0, 1);

/** MEM-022: a member's trial: the end in epoch ms, -1 unlimited, null none. */
export function memberTrial(freeTrialEnd: number | null): number | null {
  if (freeTrialEnd === null) return null;
  return freeTrialEnd >= TRIAL_UNLIMITED_FROM ? UNLIMITED : freeTrialEnd;
}

/** MEM-025: isPaid from the stored checkout state when it has the member, else the plan not being FREE. */
export function defaultIsPaid(
  member: { id: string; plan: UserPlan },
  stored?: Readonly<Record<string, boolean>>,
): boolean {
  return stored?.[member.id] ?? member.plan !== 'FREE';
}

/** MEM-027: FREE_TRIAL when a free-trial end exists, PENDING on a pending seat, else ACTIVE. */
export function seatListingStatus(member: {
  trial: number | null;
  seatType: SeatType;
}): 'FREE_TRIAL' | 'PENDING' | 'ACTIVE' {
  if (member.trial !== null) return 'FREE_TRIAL';
  return member.seatType === 'PENDING_YAMM_USER' ? 'PENDING' : 'ACTIVE';
}

/** MEM-021 (quota, 'Up to N'): recipients per day; a free user's quota is the server's freeUserQuota. */
export function dailyQuotaOf(plan: UserPlan, freeUserQuota: number = DAILY_RECIPIENT_QUOTA.FREE): number {
  return plan === 'FREE' ? freeUserQuota : DAILY_RECIPIENT_QUOTA[plan];
}
