import { describe, expect, it } from 'vitest';
import { ROLLOUT_RESTRICTIONS, type RolloutRestriction } from '../constants/domain';
import { ROLLOUT_TABLE, activeRestrictions, isRestricted, restrictionFlags } from './restrictions';

/**
 * The rollout table of 000 §6 spelled out for steps 0..10, one character per step starting at
 * step 0: 'X' = in force at that step, '.' = lifted. ids = [Gmail requirement, other requirement].
 */
const TABLE: Record<RolloutRestriction, { gmail: string; other: string; ids: [string, string] }> = {
  USERS_PAGE: { gmail: '.XX........', other: '.X.........', ids: ['PERM-040', 'PERM-039'] },
  TRANSFER_WORKSPACE: { gmail: '.XXX.......', other: '.X.........', ids: ['PERM-042', 'PERM-041'] },
  PREMIUM_PLAN: { gmail: '.XXX.......', other: '.XXX.......', ids: ['PERM-045', 'PERM-045'] },
  INVITATION: { gmail: '.XXX.......', other: '.X.........', ids: ['PERM-044', 'PERM-043'] },
  SHARED_UNSUBS: { gmail: '.XXX.......', other: '.XXX.......', ids: ['PERM-046', 'PERM-046'] },
  SHARED_BOUNCES: { gmail: '.XXX.......', other: '.XXX.......', ids: ['PERM-047', 'PERM-047'] },
  MULTIPLE_PAYMENT: { gmail: '.XX........', other: '.XX........', ids: ['PERM-048', 'PERM-048'] },
  MONTHLY_BILLING: { gmail: '.XXXXXX....', other: '.XXXXXX....', ids: ['PERM-049', 'PERM-049'] },
  WORKSPACE_DASHBOARD: { gmail: '.X.........', other: '.X.........', ids: ['PERM-050', 'PERM-050'] },
};

const cases = ROLLOUT_RESTRICTIONS.flatMap((restriction) =>
  (['gmail', 'other'] as const).flatMap((account) =>
    [...TABLE[restriction][account]].map((mark, step) => ({
      id: TABLE[restriction].ids[account === 'gmail' ? 0 : 1],
      restriction,
      account,
      step,
      inForce: mark === 'X',
    })),
  ),
);

describe('rollout restrictions (000 §6)', () => {
  it('the spelled-out table covers every restriction, 11 steps and both account kinds', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...ROLLOUT_RESTRICTIONS].sort());
    expect(cases).toHaveLength(ROLLOUT_RESTRICTIONS.length * 2 * 11);
  });

  it.each(cases)(
    '$id PERM-037 $restriction for a $account user at step $step is in force: $inForce',
    ({ restriction, account, step, inForce }) => {
      const active = activeRestrictions({ lastActivatedStep: step, isGmailUser: account === 'gmail' });
      expect(isRestricted(active, restriction)).toBe(inForce);
    },
  );

  it('PERM-039 PERM-040 PERM-041 PERM-042 PERM-043 PERM-044 PERM-045 PERM-046 PERM-047 PERM-048 PERM-049 PERM-050 ROLLOUT_TABLE holds exactly the steps of the spelled-out table', () => {
    for (const restriction of ROLLOUT_RESTRICTIONS) {
      for (const account of ['gmail', 'other'] as const) {
        const steps = [...TABLE[restriction][account]].flatMap((mark, step) => (mark === 'X' ? [step] : []));
        expect([...ROLLOUT_TABLE[restriction][account]], `${restriction} ${account}`).toEqual(steps);
      }
    }
  });

  it('PERM-037 lists the restrictions in ROLLOUT_RESTRICTIONS order', () => {
    expect(activeRestrictions({ lastActivatedStep: 1, isGmailUser: false })).toEqual([
      'USERS_PAGE',
      'TRANSFER_WORKSPACE',
      'PREMIUM_PLAN',
      'INVITATION',
      'SHARED_UNSUBS',
      'SHARED_BOUNCES',
      'MULTIPLE_PAYMENT',
      'MONTHLY_BILLING',
      'WORKSPACE_DASHBOARD',
    ]);
    expect(activeRestrictions({ lastActivatedStep: 3, isGmailUser: true })).toEqual([
      'TRANSFER_WORKSPACE',
      'PREMIUM_PLAN',
      'INVITATION',
      'SHARED_UNSUBS',
      'SHARED_BOUNCES',
      'MONTHLY_BILLING',
    ]);
    expect(activeRestrictions({ lastActivatedStep: 2, isGmailUser: false })).toEqual([
      'PREMIUM_PLAN',
      'SHARED_UNSUBS',
      'SHARED_BOUNCES',
      'MULTIPLE_PAYMENT',
      'MONTHLY_BILLING',
    ]);
  });

  it('PERM-037 nothing is restricted before the rollout (step 0, negative) or once it is complete', () => {
    for (const isGmailUser of [true, false]) {
      expect(activeRestrictions({ lastActivatedStep: 0, isGmailUser })).toEqual([]);
      expect(activeRestrictions({ lastActivatedStep: -1, isGmailUser })).toEqual([]);
      expect(activeRestrictions({ lastActivatedStep: 7, isGmailUser })).toEqual([]);
      expect(activeRestrictions({ lastActivatedStep: 9, isGmailUser })).toEqual([]);
      expect(activeRestrictions({ lastActivatedStep: 100, isGmailUser })).toEqual([]);
    }
  });

  it('isRestricted reads membership of the list', () => {
    expect(isRestricted(['INVITATION'], 'INVITATION')).toBe(true);
    expect(isRestricted(['INVITATION'], 'USERS_PAGE')).toBe(false);
    expect(isRestricted([], 'USERS_PAGE')).toBe(false);
  });
});

describe('restriction flags', () => {
  it('PERM-038 exposes isUsersPageRestricted, isTransferWorkspaceRestricted, isWorkspaceDashboardRestricted, isPremiumPlanRestricted', () => {
    expect(restrictionFlags([])).toEqual({
      isUsersPageRestricted: false,
      isTransferWorkspaceRestricted: false,
      isWorkspaceDashboardRestricted: false,
      isPremiumPlanRestricted: false,
    });
    expect(restrictionFlags(['USERS_PAGE'])).toMatchObject({
      isUsersPageRestricted: true,
      isTransferWorkspaceRestricted: false,
    });
    expect(restrictionFlags(['TRANSFER_WORKSPACE']).isTransferWorkspaceRestricted).toBe(true);
    expect(restrictionFlags(['WORKSPACE_DASHBOARD']).isWorkspaceDashboardRestricted).toBe(true);
    expect(restrictionFlags(['PREMIUM_PLAN']).isPremiumPlanRestricted).toBe(true);
    // The other restrictions have no flag of their own.
    expect(Object.values(restrictionFlags(['INVITATION', 'SHARED_UNSUBS', 'MONTHLY_BILLING']))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('PERM-038 at step 1 every flag is set for a company-domain user', () => {
    expect(
      Object.values(restrictionFlags(activeRestrictions({ lastActivatedStep: 1, isGmailUser: false }))),
    ).toEqual([true, true, true, true]);
  });

  it('PERM-013 the users page is restricted on legacy personal and professional plans', () => {
    expect(restrictionFlags([], { legacyType: 'PERSONAL' }).isUsersPageRestricted).toBe(true);
    expect(restrictionFlags([], { legacyType: 'PROFESSIONAL' }).isUsersPageRestricted).toBe(true);
    expect(restrictionFlags([], { legacyType: 'TEAM' }).isUsersPageRestricted).toBe(false);
    expect(restrictionFlags([], { legacyType: 'UNLIMITED' }).isUsersPageRestricted).toBe(false);
    expect(restrictionFlags([], { legacyType: null }).isUsersPageRestricted).toBe(false);
    expect(restrictionFlags(['USERS_PAGE'], { legacyType: 'TEAM' }).isUsersPageRestricted).toBe(true);
  });
});
