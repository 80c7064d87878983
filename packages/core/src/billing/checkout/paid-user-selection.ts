import type { Role, UserPlan } from '../../constants/domain';
import { MEMBER_TEXTS, paidPlanFor } from '../../members/member-rules';
import { emailDomain } from '../../users/identity-rules';

/** One member of the paid-user selection (000 §4 'Paid-user selection', §5). */
export interface PaidUserCandidate {
  userId: string;
  email: string;
  role: Role;
  /** Paid in the space now. */
  isPaid: boolean;
  /** Holds a paid membership in another space (promote-validity: already_paid_user). */
  isPaidElsewhere: boolean;
}

export interface PaidUserRules {
  /** MULTIPLE_PAYMENT is in force: nobody is paid in two spaces (CHK-085). */
  singlePayment: boolean;
  /** CHK-084: going to the Pro plan, only the users paid in the space now may stay paid. */
  onlyPaidNow: boolean;
  /** CHK-083: the plan after the change allows paid users from several domains. */
  multiDomainAllowed: boolean;
}

/** The user ids paid after the change. */
export type PaidSelection = ReadonlySet<string>;

/** What the selection's row of one member shows. */
interface PaidUserChoice {
  userId: string;
  paid: boolean;
  /** CHK-082: paid now, free after the change: marked for removal from the paid users at renewal. */
  toBeRemoved: boolean;
  /** The Paid/Free choice cannot be changed (CHK-084, CHK-085, CHK-087). */
  locked: boolean;
  reason: string | null;
}

/**
 * CHK-088, word for word: the cannot-downgrade page, and the server's refusal of a change that
 * would leave a live subscription without a paid user.
 */
export const CANNOT_DOWNGRADE_TEXT =
  'You cannot downgrade. At least one user must be paid as long as a subscription is active.';

/** Texts of the selection; the spec names these rules without their wording (ours). */
export const PAID_SELECTION_TEXTS = {
  onlyPaidNow: 'Only paid users in the space can be paid in the Pro plan.',
  ownerOnlyPaid: 'At least one user must be paid: the owner stays paid while nobody else is.',
  multiDomain: 'The Pro plan does not allow paid users from several domains.',
} as const;

const ownerOf = (candidates: readonly PaidUserCandidate[]) =>
  candidates.find((candidate) => candidate.role === 'OWNER');

/** CHK-084, CHK-085: why a free member cannot be made paid, or null. */
function promotionRefusal(candidate: PaidUserCandidate, rules: PaidUserRules): string | null {
  if (candidate.isPaid) return null;
  if (rules.onlyPaidNow) return PAID_SELECTION_TEXTS.onlyPaidNow;
  if (rules.singlePayment && candidate.isPaidElsewhere) return MEMBER_TEXTS.paidElsewhere;
  return null;
}

/**
 * CHK-086: a selection where nobody would be paid gives the owner a paid seat: at least one user
 * stays paid while a subscription is active.
 */
function withOwnerIfEmpty(candidates: readonly PaidUserCandidate[], selection: Set<string>): Set<string> {
  const owner = ownerOf(candidates);
  if (selection.size === 0 && owner) selection.add(owner.userId);
  return selection;
}

/**
 * The selection a checkout opens with: the users paid now plus those asked for (the Users
 * page's type change, MEM-033) who may be promoted.
 */
export function initialPaidSelection(
  candidates: readonly PaidUserCandidate[],
  promote: readonly string[],
  rules: PaidUserRules,
): PaidSelection {
  const selection = new Set(candidates.filter((candidate) => candidate.isPaid).map((c) => c.userId));
  for (const candidate of candidates) {
    if (promote.includes(candidate.userId) && promotionRefusal(candidate, rules) === null) {
      selection.add(candidate.userId);
    }
  }
  return withOwnerIfEmpty(candidates, selection);
}

/**
 * CHK-082, CHK-086: the selection with one member made paid or free. A refused promotion changes
 * nothing; taking the last paid user out hands the paid seat to the owner, so it stays valid.
 */
export function setPaid(
  candidates: readonly PaidUserCandidate[],
  selection: PaidSelection,
  change: { userId: string; paid: boolean },
  rules: PaidUserRules,
): PaidSelection {
  const candidate = candidates.find((c) => c.userId === change.userId);
  if (!candidate) return selection;
  const next = new Set(selection);
  if (change.paid) {
    if (promotionRefusal(candidate, rules) !== null) return selection;
    next.add(change.userId);
    return next;
  }
  next.delete(change.userId);
  return withOwnerIfEmpty(candidates, next);
}

/**
 * CHK-082 CHK-083 CHK-084 CHK-085 CHK-086 CHK-087: each member's row: paid or free, marked for removal, and
 * whether it can change.
 */
export function paidUserChoices(
  candidates: readonly PaidUserCandidate[],
  selection: PaidSelection,
  rules: PaidUserRules,
): PaidUserChoice[] {
  const owner = ownerOf(candidates);
  const ownerAlone = owner !== undefined && selection.size === 1 && selection.has(owner.userId);
  return candidates.map((candidate) => {
    const paid = selection.has(candidate.userId);
    const refusal = paid ? null : promotionRefusal(candidate, rules);
    // CHK-087: the owner as the only paid user cannot be made free.
    const ownerLocked = ownerAlone && candidate.userId === owner.userId;
    return {
      userId: candidate.userId,
      paid,
      toBeRemoved: candidate.isPaid && !paid,
      locked: refusal !== null || ownerLocked,
      reason: refusal ?? (ownerLocked ? PAID_SELECTION_TEXTS.ownerOnlyPaid : null),
    };
  });
}

/** CHK-083: the Pro plan's paid users all belong to one domain unless it allows several. */
export function multiDomainRefusal(
  candidates: readonly PaidUserCandidate[],
  selection: PaidSelection,
  rules: Pick<PaidUserRules, 'multiDomainAllowed'>,
): string | null {
  if (rules.multiDomainAllowed) return null;
  const domains = new Set(
    candidates.filter((c) => selection.has(c.userId)).map((candidate) => emailDomain(candidate.email)),
  );
  return domains.size > 1 ? PAID_SELECTION_TEXTS.multiDomain : null;
}

/**
 * CHK-081: what the selection changes: users made paid now (upgrade, pro-rated) and users made
 * free at renewal (downgrade). Nothing changed: no checkout.
 */
export function paidSelectionChanges(
  candidates: readonly PaidUserCandidate[],
  selection: PaidSelection,
): { upgraded: string[]; downgraded: string[]; changed: boolean } {
  const upgraded = candidates.filter((c) => !c.isPaid && selection.has(c.userId)).map((c) => c.userId);
  const downgraded = candidates.filter((c) => c.isPaid && !selection.has(c.userId)).map((c) => c.userId);
  return { upgraded, downgraded, changed: upgraded.length + downgraded.length > 0 };
}

/**
 * CHK-070: the price preview's userUpdates: every user paid after the change with their paid plan
 * (Pro Personal for a Gmail-type address, MEM-028), and every user made free as FREE, so the
 * preview sees both the upgrades (charged now) and the downgrades (at renewal).
 */
export function paidUserUpdates(
  candidates: readonly PaidUserCandidate[],
  selection: PaidSelection,
): { userId: string; userPlan: UserPlan }[] {
  return candidates
    .filter((candidate) => selection.has(candidate.userId) || candidate.isPaid)
    .map((candidate) => ({
      userId: candidate.userId,
      userPlan: selection.has(candidate.userId) ? paidPlanFor(candidate.email) : 'FREE',
    }));
}

/**
 * MEM-033, API-032: the subscription update's workspaceUserPlans: the previewed prices with the
 * users they pay for (upgrades apply now), then the users made free at renewal under the price
 * they pay today (downgradeToFree).
 */
export function workspaceUserPlansOf(input: {
  previewed: readonly { stripePriceId: string; userIds: readonly string[] }[];
  downgraded: readonly { userId: string; stripePriceId: string }[];
}): { stripePriceId: string; userIds: string[]; downgradeToFree: boolean }[] {
  const plans = input.previewed
    .filter((plan) => plan.userIds.length > 0)
    .map((plan) => ({
      stripePriceId: plan.stripePriceId,
      userIds: [...plan.userIds],
      downgradeToFree: false,
    }));
  const byPrice = new Map<string, string[]>();
  for (const { userId, stripePriceId } of input.downgraded) {
    byPrice.set(stripePriceId, [...(byPrice.get(stripePriceId) ?? []), userId]);
  }
  for (const [stripePriceId, userIds] of byPrice)
    plans.push({ stripePriceId, userIds, downgradeToFree: true });
  return plans;
}
