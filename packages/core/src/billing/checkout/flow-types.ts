import type { LegacyType, LegalEntity, WorkspacePlan } from '../../constants/domain';
import type { BillingInterval } from '../../constants/pricing';

/** 000 §4: the older checkout's flow types (spaces outside the seat model). */
export type OlderFlowType =
  | 'PURCHASE'
  | 'UPGRADE'
  | 'DOWNGRADE'
  | 'UPGRADE_LEGACY_BE'
  | 'UPGRADE_LEGACY_US'
  | 'UPGRADE_LEGACY_BE_INDIVIDUAL'
  | 'UPGRADE_LEGACY_US_INDIVIDUAL';

/** 000 §4: the seat flow's types (per-seat spaces). */
export type SeatFlowType = 'DOMAIN_PURCHASE' | 'GMAIL_PURCHASE' | 'ADDITIONAL_SEATS' | 'REMOVE_SEATS';

export type CheckoutFlowType = OlderFlowType | SeatFlowType;

export const isLegacyFlow = (flow: CheckoutFlowType) => flow.startsWith('UPGRADE_LEGACY_');

/** The step titles of the stepper (000 §2). */
export const CHECKOUT_STEPS = {
  details: 'Billing details',
  options: 'Billing options',
  information: 'Billing information',
  checkout: 'Checkout',
  review: 'Review',
  addSeats: 'Add seats',
  removeSeats: 'Remove unused seats',
} as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[keyof typeof CHECKOUT_STEPS];

/**
 * CHK-037 CHK-038 CHK-039: the older flow's type. FREE or no subscription buys; LEGACY upgrades by legal
 * entity (BE or else US), _INDIVIDUAL when the legacy type is not TEAM; PREMIUM going to PRO or
 * FREE is a downgrade; everything else an upgrade.
 */
export function olderFlowType(input: {
  currentPlan: WorkspacePlan | null;
  targetPlan: WorkspacePlan;
  legacyType?: LegacyType | null;
  legalEntity?: LegalEntity | null;
}): OlderFlowType {
  const { currentPlan, targetPlan } = input;
  if (currentPlan === null || currentPlan === 'FREE') return 'PURCHASE';
  if (currentPlan === 'LEGACY') {
    const entity = input.legalEntity === 'BE' ? 'BE' : 'US';
    const individual = input.legacyType === 'TEAM' ? '' : '_INDIVIDUAL';
    return `UPGRADE_LEGACY_${entity}${individual}` as OlderFlowType;
  }
  if (currentPlan === 'PREMIUM' && (targetPlan === 'PRO' || targetPlan === 'FREE')) return 'DOWNGRADE';
  return 'UPGRADE';
}

/** CHK-040: the seat flow's type, from the path first, then from the account type. */
export function seatFlowType(input: {
  step: 'add-seats' | 'remove-seats' | 'purchase';
  isGmailUser: boolean;
}): SeatFlowType {
  if (input.step === 'add-seats') return 'ADDITIONAL_SEATS';
  if (input.step === 'remove-seats') return 'REMOVE_SEATS';
  return input.isGmailUser ? 'GMAIL_PURCHASE' : 'DOMAIN_PURCHASE';
}

/**
 * CHK-028 CHK-029 CHK-030 CHK-031 CHK-032 CHK-033: the stepper's steps of each flow. PURCHASE shows Billing
 * options only when the space has more than one user; legacy flows show none.
 */
export function flowSteps(
  flow: CheckoutFlowType,
  { userCount = 1 }: { userCount?: number } = {},
): CheckoutStep[] {
  const S = CHECKOUT_STEPS;
  switch (flow) {
    case 'DOMAIN_PURCHASE':
      return [S.details, S.information, S.checkout];
    case 'GMAIL_PURCHASE':
      return [S.information, S.checkout];
    case 'ADDITIONAL_SEATS':
      return [S.addSeats];
    case 'REMOVE_SEATS':
      return [S.removeSeats];
    case 'PURCHASE':
      return userCount > 1 ? [S.options, S.information, S.checkout] : [S.information, S.checkout];
    case 'UPGRADE':
      return [S.review];
    case 'DOWNGRADE':
      return [S.options, S.review];
    default:
      return [];
  }
}

/**
 * CHK-014, CHK-015: where the options step leads. UPGRADE and DOWNGRADE review at the summary;
 * the legacy BE flows have no next step (null: reaching it is an error); the rest fill the form.
 */
export function stepAfterOptions(flow: CheckoutFlowType): 'summary' | 'information' | null {
  if (flow === 'UPGRADE' || flow === 'DOWNGRADE') return 'summary';
  if (flow === 'UPGRADE_LEGACY_BE' || flow === 'UPGRADE_LEGACY_BE_INDIVIDUAL') return null;
  return 'information';
}

/** CHK-006: the seat page's button names the step it leads to. */
export const seatPageNextLabel = (flow: CheckoutFlowType) =>
  stepAfterOptions(flow) === 'summary' ? 'Next: Review' : 'Next: Billing information';

/**
 * CHK-042, CHK-043: the plan and interval a checkout accepts from the query. The seat flow buys
 * PRO yearly only; the older flow PRO or PREMIUM, yearly, or monthly unless the MONTHLY_BILLING
 * rollout restriction is in force. Anything else is null: not a purchase to offer.
 */
export function acceptedPurchase(input: {
  flow: 'seat' | 'older';
  plan: string | null;
  interval: string | null;
  monthlyAllowed: boolean;
}): { plan: 'PRO' | 'PREMIUM'; interval: BillingInterval } | null {
  const { plan, interval } = input;
  if (input.flow === 'seat') return plan === 'PRO' && interval === 'YEARLY' ? { plan, interval } : null;
  if (plan !== 'PRO' && plan !== 'PREMIUM') return null;
  if (interval === 'YEARLY') return { plan, interval };
  if (interval === 'MONTHLY' && input.monthlyAllowed) return { plan, interval };
  return null;
}

/**
 * CHK-044: what a change of a live subscription is called. A new billing cycle is a
 * CYCLE_CHANGE; leaving PREMIUM or paying a lower base price is a DOWNGRADE; else an UPGRADE.
 */
export function subscriptionChangeTitle(input: {
  currentInterval: BillingInterval;
  targetInterval: BillingInterval;
  currentPlan: WorkspacePlan;
  targetPlan: WorkspacePlan;
  currentAmount: number;
  targetAmount: number;
}): 'CYCLE_CHANGE' | 'DOWNGRADE' | 'UPGRADE' {
  if (input.currentInterval !== input.targetInterval) return 'CYCLE_CHANGE';
  const leavesPremium = input.currentPlan === 'PREMIUM' && input.targetPlan !== 'PREMIUM';
  if (leavesPremium || input.targetAmount < input.currentAmount) return 'DOWNGRADE';
  return 'UPGRADE';
}

/**
 * CHK-045, CHK-046: when a change takes effect. Yearly to monthly waits for the end of the
 * cycle; a charge today is pro-rated; otherwise the change applies at renewal.
 */
export function subscriptionChangeTiming(input: {
  currentInterval: BillingInterval | null;
  targetInterval: BillingInterval;
  chargedToday: number;
}): 'END_OF_CYCLE' | 'PRORATED_TODAY' | 'AT_RENEWAL' {
  if (input.currentInterval === 'YEARLY' && input.targetInterval === 'MONTHLY') return 'END_OF_CYCLE';
  return input.chargedToday > 0 ? 'PRORATED_TODAY' : 'AT_RENEWAL';
}
