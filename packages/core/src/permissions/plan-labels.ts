import type { LegacyType, PaymentSource, UserPlan, WorkspacePlan } from '../constants/domain';
import { LEGACY_TYPE_LABELS, PLAN_LABELS, SEAT_PLAN_LABELS } from '../constants/pricing';

/**
 * BILL-038 (000 §9): the plan name shown for a space. A legacy space shows its type as
 * '{type} (legacy)' (plain 'Legacy' without a type); an offline subscription shows 'Offline'; a
 * support-given Pro shows 'Custom'; a PRO_PERSONAL user of a Pro space sees 'Pro Personal'.
 */
export function planLabel(input: {
  workspacePlan: WorkspacePlan;
  legacyType: LegacyType | null;
  paymentSource?: PaymentSource | null;
  userPlan?: UserPlan;
}): string {
  const { workspacePlan, legacyType, paymentSource, userPlan } = input;
  if (workspacePlan === 'LEGACY') {
    return legacyType ? `${LEGACY_TYPE_LABELS[legacyType]} (legacy)` : PLAN_LABELS.LEGACY;
  }
  if (workspacePlan === 'FREE') return PLAN_LABELS.FREE;
  if (paymentSource === 'OFFLINE') return PLAN_LABELS.OFFLINE;
  if (workspacePlan === 'PREMIUM') return PLAN_LABELS.PREMIUM;
  // The spec names Custom as the support-given Pro only, so a support-given Premium stays 'Premium'.
  if (paymentSource === 'SUPPORT') return PLAN_LABELS.CUSTOM;
  return userPlan === 'PRO_PERSONAL' ? PLAN_LABELS.PRO_PERSONAL : PLAN_LABELS.PRO;
}

/** BILL-039: seat plan names Free, Pro and Pro Personal. */
export function seatPlanLabel(userPlan: UserPlan): string {
  return SEAT_PLAN_LABELS[userPlan];
}

type SeatCountUnit = 'seats' | 'members';

const SEAT_COUNTED_LEGACY_TYPES: readonly LegacyType[] = ['PERSONAL', 'PROFESSIONAL', 'TEAM'];

/**
 * SEAT-004 (000 §9): seats for Pro and Premium, members otherwise, except legacy personal,
 * professional and team spaces and Gmail users, which count seats too. (The exceptions can only
 * qualify the "otherwise members" branch: a legacy type exists only on a LEGACY plan.)
 */
export function seatCountUnit(input: {
  workspacePlan: WorkspacePlan;
  legacyType: LegacyType | null;
  isGmailUser: boolean;
}): SeatCountUnit {
  const { workspacePlan, legacyType, isGmailUser } = input;
  if (workspacePlan === 'PRO' || workspacePlan === 'PREMIUM') return 'seats';
  if (workspacePlan === 'LEGACY' && legacyType !== null && SEAT_COUNTED_LEGACY_TYPES.includes(legacyType)) {
    return 'seats';
  }
  return isGmailUser ? 'seats' : 'members';
}
