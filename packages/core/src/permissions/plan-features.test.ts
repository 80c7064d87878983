import { describe, expect, it } from 'vitest';
import type { WorkspacePlan } from '../constants/domain';
import { planFeatures } from './plan-features';

describe('plan features (000 §3 otherFeatures)', () => {
  // plan, teamAnalyticsDashboard, manageUserRoles, transferOwnerShip, shared unsubscribes, shared bounces
  const table: [WorkspacePlan, boolean, boolean, boolean, boolean, boolean][] = [
    ['FREE', false, false, false, false, false],
    ['PRO', true, true, true, false, false],
    ['PREMIUM', true, true, true, true, true],
    ['LEGACY', false, true, false, false, false],
  ];
  it.each(table)(
    'PERM-018 PERM-006 SPACE-031 SPACE-032 UNSUB-013 %s: dashboard %s, roles %s, transfer %s, shared %s/%s',
    (plan, dashboard, roles, transfer, unsubs, bounces) => {
      expect(planFeatures(plan)).toEqual({
        teamAnalyticsDashboard: dashboard,
        manageUserRoles: roles,
        transferOwnerShip: transfer,
        shareUnsubscribesAcrossWorkspace: unsubs,
        shareBouncesAccrossWorkspace: bounces,
      });
    },
  );
});
