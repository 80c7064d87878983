import { describe, expect, it } from 'vitest';
import {
  accountTypeOfPlan,
  eligiblePlanQuestion,
  isWrongPlan,
  listPriceOf,
  PRICING_PLANS,
  WRONG_PLAN_RULES,
  wrongPlanHeading,
} from './plan-eligibility';

describe('plan eligibility', () => {
  it('RES-015 Gmail accounts buy pro-gmail (PERSONAL), domain accounts pro-google-workspace (PROFESSIONAL)', () => {
    expect(accountTypeOfPlan('pro-gmail')).toBe('STANDARD');
    expect(accountTypeOfPlan('PERSONAL')).toBe('STANDARD');
    expect(accountTypeOfPlan('pro-google-workspace')).toBe('BUSINESS');
    expect(accountTypeOfPlan('PROFESSIONAL')).toBe('BUSINESS');
    expect(accountTypeOfPlan('PRO')).toBeNull();
    expect(accountTypeOfPlan(null)).toBeNull();
  });

  it('BILL-004 RES-016 a plan of the other account type is the wrong plan; a fitting or unknown one is not', () => {
    expect(isWrongPlan('pro-google-workspace', 'STANDARD')).toBe(true);
    expect(isWrongPlan('PROFESSIONAL', 'STANDARD')).toBe(true);
    expect(isWrongPlan('pro-gmail', 'BUSINESS')).toBe(true);
    expect(isWrongPlan('PERSONAL', 'BUSINESS')).toBe(true);
    expect(isWrongPlan('pro-gmail', 'STANDARD')).toBe(false);
    expect(isWrongPlan('PROFESSIONAL', 'BUSINESS')).toBe(false);
    expect(isWrongPlan('PREMIUM', 'STANDARD')).toBe(false);
    expect(isWrongPlan(null, 'BUSINESS')).toBe(false);
  });

  it('RES-017 RES-018 RES-019 the texts name the asked-for plan, the address and the plan that fits', () => {
    expect(wrongPlanHeading('BUSINESS', 'pat@gmail.com')).toBe(
      'You are trying to purchase a Pro Google Workspace plan with pat@gmail.com',
    );
    expect(wrongPlanHeading('STANDARD', null)).toBe('You are trying to purchase a Pro Gmail plan');
    expect(WRONG_PLAN_RULES).toEqual([
      "Gmail addresses are eligible only for 'Pro Gmail'.",
      "Google Workspace addresses are eligible only for 'Pro Google Workspace'.",
    ]);
    expect(eligiblePlanQuestion('STANDARD')).toBe('Do you want a Pro Gmail plan for your Gmail account?');
    expect(eligiblePlanQuestion('BUSINESS')).toBe(
      'Do you want a Pro Google Workspace plan for your Google Workspace account?',
    );
  });

  it('RES-023 PRICE-001 PRICE-018 PRICE-019 the list price per month is the yearly price over 12', () => {
    expect(listPriceOf(PRICING_PLANS.STANDARD)).toEqual({ perMonth: 300, perYear: 3600 });
    expect(listPriceOf(PRICING_PLANS.BUSINESS)).toEqual({ perMonth: 500, perYear: 6000 });
  });
});
