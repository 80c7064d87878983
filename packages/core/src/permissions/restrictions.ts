import { ROLLOUT_RESTRICTIONS, type LegacyType, type RolloutRestriction } from '../constants/domain';

interface RolloutSteps {
  /** Steps in force for personal (Gmail-type: gmail.com, googlemail.com) accounts. */
  readonly gmail: readonly number[];
  /** Steps in force for every other (company-domain) account. */
  readonly other: readonly number[];
}

const steps = (from: number, to: number): readonly number[] =>
  Object.freeze(Array.from({ length: to - from + 1 }, (_, i) => from + i));

/**
 * 000 §6 (PERM-039 PERM-040 PERM-041 PERM-042 PERM-043 PERM-044 PERM-045 PERM-046 PERM-047 PERM-048 PERM-049
 * PERM-050): a restriction is in force ("enabled") while the user's rollout lastActivatedStep is one of its
 * steps; outside them (step 0, or past the last step) it is lifted.
 */
export const ROLLOUT_TABLE: Readonly<Record<RolloutRestriction, RolloutSteps>> = Object.freeze({
  USERS_PAGE: { gmail: steps(1, 2), other: steps(1, 1) },
  TRANSFER_WORKSPACE: { gmail: steps(1, 3), other: steps(1, 1) },
  PREMIUM_PLAN: { gmail: steps(1, 3), other: steps(1, 3) },
  INVITATION: { gmail: steps(1, 3), other: steps(1, 1) },
  SHARED_UNSUBS: { gmail: steps(1, 3), other: steps(1, 3) },
  SHARED_BOUNCES: { gmail: steps(1, 3), other: steps(1, 3) },
  MULTIPLE_PAYMENT: { gmail: steps(1, 2), other: steps(1, 2) },
  MONTHLY_BILLING: { gmail: steps(1, 6), other: steps(1, 6) },
  WORKSPACE_DASHBOARD: { gmail: steps(1, 1), other: steps(1, 1) },
});

/** PERM-037: the restrictions in force for a user, in ROLLOUT_RESTRICTIONS order. */
export function activeRestrictions(input: {
  lastActivatedStep: number;
  isGmailUser: boolean;
}): RolloutRestriction[] {
  return ROLLOUT_RESTRICTIONS.filter((restriction) =>
    ROLLOUT_TABLE[restriction][input.isGmailUser ? 'gmail' : 'other'].includes(input.lastActivatedStep),
  );
}

export function isRestricted(
  restrictions: readonly RolloutRestriction[],
  restriction: RolloutRestriction,
): boolean {
  return restrictions.includes(restriction);
}

export interface RestrictionFlags {
  isUsersPageRestricted: boolean;
  isTransferWorkspaceRestricted: boolean;
  isWorkspaceDashboardRestricted: boolean;
  isPremiumPlanRestricted: boolean;
}

/** Legacy single-user plans whose users page is always hidden (PERM-013). */
const USERS_PAGE_HIDDEN_LEGACY_TYPES: readonly LegacyType[] = ['PERSONAL', 'PROFESSIONAL'];

/**
 * PERM-038: the restrictions as flags. Given the space's legacy type, isUsersPageRestricted also
 * covers the legacy personal and professional plans (PERM-013); without it, only USERS_PAGE counts.
 */
export function restrictionFlags(
  restrictions: readonly RolloutRestriction[],
  space?: { legacyType: LegacyType | null },
): RestrictionFlags {
  const legacyType = space?.legacyType ?? null;
  return {
    isUsersPageRestricted:
      isRestricted(restrictions, 'USERS_PAGE') ||
      (legacyType !== null && USERS_PAGE_HIDDEN_LEGACY_TYPES.includes(legacyType)),
    isTransferWorkspaceRestricted: isRestricted(restrictions, 'TRANSFER_WORKSPACE'),
    isWorkspaceDashboardRestricted: isRestricted(restrictions, 'WORKSPACE_DASHBOARD'),
    isPremiumPlanRestricted: isRestricted(restrictions, 'PREMIUM_PLAN'),
  };
}
