import type { AccountType } from '../../constants/domain';
import { DAILY_RECIPIENT_QUOTA, WORKSPACE_DAILY_QUOTA } from '../../constants/limits';
import { LIST_PRICES_USD, type ListPricePlan } from '../../constants/pricing';

/**
 * RES-015: the two plans a pricing page sells, one per account type. Each is named by the pricing
 * site's id or by its list-price plan: a Gmail-type (STANDARD) account may buy pro-gmail
 * (PERSONAL), a Google Workspace (BUSINESS) account pro-google-workspace (PROFESSIONAL).
 */
export const PRICING_PLANS = {
  STANDARD: {
    ids: ['pro-gmail', 'PERSONAL'],
    label: 'Pro Gmail',
    target: 'For Gmail accounts',
    accountName: 'Gmail',
    listPricePlan: 'PERSONAL',
    recipientsPerDay: DAILY_RECIPIENT_QUOTA.PRO_PERSONAL,
  },
  BUSINESS: {
    ids: ['pro-google-workspace', 'PROFESSIONAL'],
    label: 'Pro Google Workspace',
    target: 'For Google Workspace accounts',
    accountName: 'Google Workspace',
    listPricePlan: 'PROFESSIONAL',
    recipientsPerDay: WORKSPACE_DAILY_QUOTA,
  },
} as const satisfies Record<
  AccountType,
  {
    ids: readonly string[];
    label: string;
    target: string;
    accountName: string;
    listPricePlan: ListPricePlan;
    recipientsPerDay: number;
  }
>;

export type PricingPlan = (typeof PRICING_PLANS)[AccountType];

/** The account type a `plan` query value is sold to, or null when it names neither plan. */
export function accountTypeOfPlan(plan: string | null): AccountType | null {
  if (plan === null) return null;
  if ((PRICING_PLANS.STANDARD.ids as readonly string[]).includes(plan)) return 'STANDARD';
  if ((PRICING_PLANS.BUSINESS.ids as readonly string[]).includes(plan)) return 'BUSINESS';
  return null;
}

/**
 * BILL-004, RES-016: a `plan` query value names the plan of the other account type. Values that
 * name neither pricing plan (the checkout's PRO or PREMIUM) are no mismatch.
 */
export function isWrongPlan(plan: string | null, accountType: AccountType): boolean {
  const soldTo = accountTypeOfPlan(plan);
  return soldTo !== null && soldTo !== accountType;
}

export const otherAccountType = (accountType: AccountType): AccountType =>
  accountType === 'STANDARD' ? 'BUSINESS' : 'STANDARD';

/** RES-023, PRICE-001: a plan's list price, in cents, per month of a yearly payment and per year. */
export function listPriceOf(plan: PricingPlan): { perMonth: number; perYear: number } {
  const perYear = LIST_PRICES_USD[plan.listPricePlan].YEARLY * 100;
  return { perMonth: perYear / 12, perYear };
}

/** RES-017: the plan asked for, and the signed-in address when there is one. */
export const wrongPlanHeading = (requested: AccountType, email: string | null) =>
  `You are trying to purchase a ${PRICING_PLANS[requested].label} plan${email ? ` with ${email}` : ''}`;

/** RES-018 */
export const WRONG_PLAN_RULES = [
  `Gmail addresses are eligible only for '${PRICING_PLANS.STANDARD.label}'.`,
  `Google Workspace addresses are eligible only for '${PRICING_PLANS.BUSINESS.label}'.`,
] as const;

/** RES-019: the plan that fits the account. */
export const eligiblePlanQuestion = (eligible: AccountType) =>
  `Do you want a ${PRICING_PLANS[eligible].label} plan for your ${PRICING_PLANS[eligible].accountName} account?`;
