import { describe, expect, it } from 'vitest';
import {
  acceptedPurchase,
  flowSteps,
  isLegacyFlow,
  olderFlowType,
  seatFlowType,
  seatPageNextLabel,
  stepAfterOptions,
  subscriptionChangeTiming,
  subscriptionChangeTitle,
} from './flow-types';

describe('flow types', () => {
  it('CHK-037 FREE or no subscription is a PURCHASE', () => {
    expect(olderFlowType({ currentPlan: 'FREE', targetPlan: 'PRO' })).toBe('PURCHASE');
    expect(olderFlowType({ currentPlan: null, targetPlan: 'PREMIUM' })).toBe('PURCHASE');
  });

  it('CHK-038 LEGACY upgrades by legal entity, _INDIVIDUAL unless the legacy type is TEAM', () => {
    const legacy = (legalEntity: 'BE' | 'US' | null, legacyType: 'TEAM' | 'PERSONAL' | 'UNLIMITED') =>
      olderFlowType({ currentPlan: 'LEGACY', targetPlan: 'PRO', legalEntity, legacyType });
    expect(legacy('BE', 'TEAM')).toBe('UPGRADE_LEGACY_BE');
    expect(legacy('US', 'TEAM')).toBe('UPGRADE_LEGACY_US');
    expect(legacy(null, 'TEAM')).toBe('UPGRADE_LEGACY_US');
    expect(legacy('BE', 'PERSONAL')).toBe('UPGRADE_LEGACY_BE_INDIVIDUAL');
    expect(legacy('US', 'UNLIMITED')).toBe('UPGRADE_LEGACY_US_INDIVIDUAL');
    expect(isLegacyFlow(legacy('US', 'TEAM'))).toBe(true);
    expect(isLegacyFlow('UPGRADE')).toBe(false);
  });

  it('CHK-039 PREMIUM going to PRO or FREE is a DOWNGRADE, any other change an UPGRADE', () => {
    expect(olderFlowType({ currentPlan: 'PREMIUM', targetPlan: 'PRO' })).toBe('DOWNGRADE');
    expect(olderFlowType({ currentPlan: 'PREMIUM', targetPlan: 'FREE' })).toBe('DOWNGRADE');
    expect(olderFlowType({ currentPlan: 'PREMIUM', targetPlan: 'PREMIUM' })).toBe('UPGRADE');
    expect(olderFlowType({ currentPlan: 'PRO', targetPlan: 'PREMIUM' })).toBe('UPGRADE');
    expect(olderFlowType({ currentPlan: 'PRO', targetPlan: 'PRO' })).toBe('UPGRADE');
  });

  it('CHK-040 the seat flow type comes from the path, then from the account type', () => {
    expect(seatFlowType({ step: 'add-seats', isGmailUser: true })).toBe('ADDITIONAL_SEATS');
    expect(seatFlowType({ step: 'remove-seats', isGmailUser: false })).toBe('REMOVE_SEATS');
    expect(seatFlowType({ step: 'purchase', isGmailUser: true })).toBe('GMAIL_PURCHASE');
    expect(seatFlowType({ step: 'purchase', isGmailUser: false })).toBe('DOMAIN_PURCHASE');
  });
});

describe('steps by flow type', () => {
  it('CHK-028 CHK-029 CHK-030 the seat flows', () => {
    expect(flowSteps('DOMAIN_PURCHASE')).toEqual(['Billing details', 'Billing information', 'Checkout']);
    expect(flowSteps('GMAIL_PURCHASE')).toEqual(['Billing information', 'Checkout']);
    expect(flowSteps('ADDITIONAL_SEATS')).toEqual(['Add seats']);
    expect(flowSteps('REMOVE_SEATS')).toEqual(['Remove unused seats']);
  });

  it('CHK-031 PURCHASE shows Billing options only with more than one user', () => {
    expect(flowSteps('PURCHASE', { userCount: 3 })).toEqual([
      'Billing options',
      'Billing information',
      'Checkout',
    ]);
    expect(flowSteps('PURCHASE', { userCount: 1 })).toEqual(['Billing information', 'Checkout']);
  });

  it('CHK-032 CHK-033 UPGRADE reviews, DOWNGRADE picks options then reviews, legacy flows have no steps', () => {
    expect(flowSteps('UPGRADE')).toEqual(['Review']);
    expect(flowSteps('DOWNGRADE')).toEqual(['Billing options', 'Review']);
    for (const legacy of [
      'UPGRADE_LEGACY_BE',
      'UPGRADE_LEGACY_US',
      'UPGRADE_LEGACY_BE_INDIVIDUAL',
      'UPGRADE_LEGACY_US_INDIVIDUAL',
    ] as const) {
      expect(flowSteps(legacy, { userCount: 5 })).toEqual([]);
    }
  });

  it('CHK-014 CHK-015 CHK-006 after options: the summary for UPGRADE and DOWNGRADE, none for legacy BE, else the form', () => {
    expect(stepAfterOptions('UPGRADE')).toBe('summary');
    expect(stepAfterOptions('DOWNGRADE')).toBe('summary');
    expect(stepAfterOptions('PURCHASE')).toBe('information');
    expect(stepAfterOptions('DOMAIN_PURCHASE')).toBe('information');
    expect(stepAfterOptions('UPGRADE_LEGACY_US')).toBe('information');
    expect(stepAfterOptions('UPGRADE_LEGACY_BE')).toBeNull();
    expect(stepAfterOptions('UPGRADE_LEGACY_BE_INDIVIDUAL')).toBeNull();
    expect(seatPageNextLabel('DOWNGRADE')).toBe('Next: Review');
    expect(seatPageNextLabel('DOMAIN_PURCHASE')).toBe('Next: Billing information');
  });
});

describe('plan and interval from the query', () => {
  it('CHK-042 the seat flow takes PRO YEARLY only', () => {
    const seat = (plan: string | null, interval: string | null) =>
      acceptedPurchase({ flow: 'seat', plan, interval, monthlyAllowed: true });
    expect(seat('PRO', 'YEARLY')).toEqual({ plan: 'PRO', interval: 'YEARLY' });
    expect(seat('PRO', 'MONTHLY')).toBeNull();
    expect(seat('PREMIUM', 'YEARLY')).toBeNull();
    expect(seat(null, null)).toBeNull();
  });

  it('CHK-043 the older flow takes PRO or PREMIUM, MONTHLY only when MONTHLY_BILLING allows it', () => {
    const older = (plan: string, interval: string, monthlyAllowed: boolean) =>
      acceptedPurchase({ flow: 'older', plan, interval, monthlyAllowed });
    expect(older('PREMIUM', 'YEARLY', false)).toEqual({ plan: 'PREMIUM', interval: 'YEARLY' });
    expect(older('PRO', 'MONTHLY', true)).toEqual({ plan: 'PRO', interval: 'MONTHLY' });
    expect(older('PRO', 'MONTHLY', false)).toBeNull();
    expect(older('FREE', 'YEARLY', true)).toBeNull();
    expect(older('PRO', 'WEEKLY', true)).toBeNull();
  });
});

describe('subscription changes', () => {
  const base = {
    currentInterval: 'YEARLY',
    targetInterval: 'YEARLY',
    currentPlan: 'PRO',
    targetPlan: 'PRO',
    currentAmount: 6_000,
    targetAmount: 12_000,
  } as const;

  it('CHK-044 a new cycle is CYCLE_CHANGE; leaving PREMIUM or a lower price is DOWNGRADE; else UPGRADE', () => {
    expect(subscriptionChangeTitle({ ...base, targetInterval: 'MONTHLY' })).toBe('CYCLE_CHANGE');
    expect(subscriptionChangeTitle({ ...base, currentPlan: 'PREMIUM', targetAmount: 90_000 })).toBe(
      'DOWNGRADE',
    );
    expect(subscriptionChangeTitle({ ...base, targetAmount: 3_000 })).toBe('DOWNGRADE');
    expect(subscriptionChangeTitle(base)).toBe('UPGRADE');
  });

  it('CHK-045 CHK-046 yearly to monthly waits for the cycle end; a charge today is pro-rated; else at renewal', () => {
    expect(
      subscriptionChangeTiming({ currentInterval: 'YEARLY', targetInterval: 'MONTHLY', chargedToday: 500 }),
    ).toBe('END_OF_CYCLE');
    expect(
      subscriptionChangeTiming({ currentInterval: 'YEARLY', targetInterval: 'YEARLY', chargedToday: 500 }),
    ).toBe('PRORATED_TODAY');
    expect(
      subscriptionChangeTiming({ currentInterval: 'MONTHLY', targetInterval: 'YEARLY', chargedToday: 0 }),
    ).toBe('AT_RENEWAL');
  });
});
