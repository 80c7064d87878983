import { describe, expect, it } from 'vitest';
import type { LegacyType, PaymentSource, UserPlan, WorkspacePlan } from '../constants/domain';
import { planLabel, seatCountUnit, seatPlanLabel } from './plan-labels';

describe('plan labels (BILL-038, 000 §9)', () => {
  // space plan, legacy type, payment source, user plan, label
  const table: [WorkspacePlan, LegacyType | null, PaymentSource | null, UserPlan | undefined, string][] = [
    ['FREE', null, null, undefined, 'Free'],
    ['FREE', null, null, 'FREE', 'Free'],
    ['PRO', null, 'STRIPE', 'PRO', 'Pro'],
    ['PRO', null, null, undefined, 'Pro'],
    ['PRO', null, 'PAYPAL', 'FREE', 'Pro'],
    ['PRO', null, 'STRIPE', 'PRO_PERSONAL', 'Pro Personal'],
    ['PREMIUM', null, 'STRIPE', 'PRO', 'Premium'],
    ['PREMIUM', null, 'STRIPE', 'PRO_PERSONAL', 'Premium'],
    ['PRO', null, 'SUPPORT', 'PRO', 'Custom'],
    ['PRO', null, 'SUPPORT', 'PRO_PERSONAL', 'Custom'],
    ['PREMIUM', null, 'SUPPORT', 'PRO', 'Premium'],
    ['PRO', null, 'OFFLINE', 'PRO', 'Offline'],
    ['PREMIUM', null, 'OFFLINE', 'PRO', 'Offline'],
    ['LEGACY', null, null, undefined, 'Legacy'],
    ['LEGACY', 'TEAM', null, 'PRO', 'Team (legacy)'],
    ['LEGACY', 'UNLIMITED', 'STRIPE', 'PRO', 'Unlimited (legacy)'],
    ['LEGACY', 'PROFESSIONAL', 'OFFLINE', 'PRO', 'Professional (legacy)'],
    ['LEGACY', 'PERSONAL', 'SUPPORT', 'PRO_PERSONAL', 'Personal (legacy)'],
  ];
  it.each(table)(
    'BILL-038 SHELL-015 %s plan, legacy type %s, paid by %s, %s user: %s',
    (workspacePlan, legacyType, paymentSource, userPlan, label) => {
      expect(planLabel({ workspacePlan, legacyType, paymentSource, userPlan })).toBe(label);
    },
  );

  it('BILL-039 seat plan names are Free, Pro and Pro Personal', () => {
    expect(seatPlanLabel('FREE')).toBe('Free');
    expect(seatPlanLabel('PRO')).toBe('Pro');
    expect(seatPlanLabel('PRO_PERSONAL')).toBe('Pro Personal');
  });
});

describe('seat count unit (SEAT-004, 000 §9)', () => {
  // space plan, legacy type, Gmail user, unit
  const table: [WorkspacePlan, LegacyType | null, boolean, 'seats' | 'members'][] = [
    ['PRO', null, false, 'seats'],
    ['PRO', null, true, 'seats'],
    ['PREMIUM', null, false, 'seats'],
    ['FREE', null, false, 'members'],
    ['FREE', null, true, 'seats'],
    ['LEGACY', 'UNLIMITED', false, 'members'],
    ['LEGACY', 'UNLIMITED', true, 'seats'],
    ['LEGACY', null, false, 'members'],
    ['LEGACY', 'TEAM', false, 'seats'],
    ['LEGACY', 'PERSONAL', false, 'seats'],
    ['LEGACY', 'PROFESSIONAL', false, 'seats'],
  ];
  it.each(table)(
    'SEAT-004 %s plan, legacy type %s, Gmail user %s: %s',
    (workspacePlan, legacyType, isGmailUser, unit) => {
      expect(seatCountUnit({ workspacePlan, legacyType, isGmailUser })).toBe(unit);
    },
  );
});
