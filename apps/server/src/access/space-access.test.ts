import { describe, expect, it } from 'vitest';
import { spacePermissions, type SpacePermissions } from '@mergeboard/core';
import type { memberships, workspaces } from '../db/schema';
import { checkSpacePermission, type SpaceAccess } from './space-access';

const user = { id: '00000000-0000-4000-8000-000000000001', email: 'member@acme.example' };
const now = new Date(0);

const workspace: typeof workspaces.$inferSelect = {
  id: '00000000-0000-4000-8000-0000000000aa',
  name: 'Acme Sales',
  slug: 'acme-sales',
  plan: 'PRO',
  legacyType: null,
  status: 'ACTIVE',
  isPerSeat: true,
  memberInviteUser: false,
  trackOpensDefault: true,
  trackClicksDefault: true,
  freeHasMultiDomain: false,
  freeAllowedUserCount: 1,
  proHasMultiDomain: false,
  proAllowedUserCount: -1,
  proPersonalHasMultiDomain: false,
  proPersonalAllowedUserCount: -1,
  createdAt: now,
  updatedAt: now,
};

function membership(role: 'MEMBER' | 'OWNER'): typeof memberships.$inferSelect {
  return {
    id: '00000000-0000-4000-8000-0000000000bb',
    workspaceId: workspace.id,
    userId: user.id,
    role,
    status: 'ACTIVE',
    userPlan: 'PRO',
    seatType: 'ADDED_YAMM_USER',
    freeTrialEnd: null,
    isPaid: true,
    toBeRemoved: false,
    lastBecomePaidAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** A member's access whose permission flags are `flags` over what core computes for the member. */
function accessOf(role: 'MEMBER' | 'OWNER', flags: Partial<SpacePermissions> = {}): SpaceAccess {
  const computed = spacePermissions({
    role,
    userPlan: 'PRO',
    memberStatus: 'ACTIVE',
    workspacePlan: 'PRO',
    legacyType: null,
    workspaceStatus: 'ACTIVE',
    isPerSeat: true,
    memberInviteUser: false,
    restrictions: [],
    isGmailUser: false,
  });
  return {
    membership: membership(role),
    workspace,
    restrictions: [],
    permissions: { ...computed, ...flags },
  };
}

const check = (access: SpaceAccess, permission: 'canDeleteSpace' | 'canManageMembers') => () =>
  checkSpacePermission(access, { user, permission, productName: 'Mergeboard' });

describe('requireSpacePermission fails closed (RELIABILITY: access control)', () => {
  it('PERM-002 PERM-025 a flag that grants what core denies is refused, with core reason', () => {
    expect(check(accessOf('MEMBER', { canManageMembers: true }), 'canManageMembers')).toThrow(
      expect.objectContaining({
        status: 403,
        code: 'forbidden',
        message: 'Only owners and admins can do this',
      }),
    );
  });

  it('PERM-008 a flag that refuses what core grants is refused too (403)', () => {
    expect(check(accessOf('OWNER', { canDeleteSpace: false }), 'canDeleteSpace')).toThrow(
      expect.objectContaining({ status: 403, code: 'forbidden' }),
    );
  });

  it('PERM-008 PERM-025 lets the request through when flag and core agree it is granted', () => {
    expect(check(accessOf('OWNER'), 'canDeleteSpace')).not.toThrow();
    expect(check(accessOf('OWNER'), 'canManageMembers')).not.toThrow();
    expect(check(accessOf('MEMBER'), 'canManageMembers')).toThrow(expect.objectContaining({ status: 403 }));
  });
});
