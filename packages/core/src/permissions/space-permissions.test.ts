import { describe, expect, it } from 'vitest';
import {
  MEMBER_STATUSES,
  ROLES,
  USER_PLANS,
  WORKSPACE_PLANS,
  WORKSPACE_STATUSES,
  type LegacyType,
  type MemberStatus,
  type Role,
  type UserPlan,
  type WorkspacePlan,
} from '../constants/domain';
import { spaceUserFeaturesSchema } from '../spaces/space-contracts';
import { activeRestrictions } from './restrictions';
import {
  SPACE_PERMISSIONS,
  denialOf,
  showsUpgradeButton,
  spacePermissions,
  spaceUserFeatures,
  type SpacePermissionInput,
} from './space-permissions';

/** An active owner of a company-domain PRO space, per-seat, with every restriction lifted. */
const base: SpacePermissionInput = {
  role: 'OWNER',
  userPlan: 'PRO',
  memberStatus: 'ACTIVE',
  workspacePlan: 'PRO',
  legacyType: null,
  workspaceStatus: 'ACTIVE',
  isPerSeat: true,
  memberInviteUser: false,
  restrictions: [],
  isGmailUser: false,
};
const perm = (overrides: Partial<SpacePermissionInput> = {}) => spacePermissions({ ...base, ...overrides });
const legacy = (legacyType: LegacyType, overrides: Partial<SpacePermissionInput> = {}) =>
  perm({ workspacePlan: 'LEGACY', workspaceStatus: 'LEGACY', legacyType, ...overrides });

const CAN_FLAGS = [
  'canAccessWorkspaceBilling',
  'canAccessTeamReport',
  'canManageSettings',
  'canAccessGeneralSettings',
  'canAccessUsersPage',
  'canListMembers',
  'showBouncesPage',
  'canInvite',
  'canTransferOwnership',
  'canDeleteSpace',
  'canManageMembers',
  'canManageSeatMembers',
  'canManageLegacyMembers',
  'canChangeRoles',
  'canManageSeats',
  'canReadSubscriptions',
] as const;

describe('spaceUserFeatures', () => {
  it('SPACE-004 returns exactly the 7 features of spaceUserFeaturesSchema, also inside spacePermissions', () => {
    const features = spaceUserFeatures(base);
    expect(spaceUserFeaturesSchema.strict().parse(features)).toEqual(features);
    expect(Object.keys(features).sort()).toEqual(Object.keys(spaceUserFeaturesSchema.shape).sort());
    expect(perm()).toMatchObject(features);
  });
});

describe('workspace access (PERM-011)', () => {
  it.each(ROLES)('PERM-011 an active %s can access the space', (role) => {
    expect(perm({ role }).canAccessWorkspace).toBe(true);
  });

  it.each(MEMBER_STATUSES)('PERM-011 SHELL-025 membership status %s', (memberStatus) => {
    expect(perm({ memberStatus }).canAccessWorkspace).toBe(memberStatus !== 'DISABLED');
  });

  it.each(WORKSPACE_STATUSES)('PERM-011 SPACE-005 space status %s', (workspaceStatus) => {
    expect(perm({ workspaceStatus }).canAccessWorkspace).toBe(workspaceStatus !== 'DISABLED');
  });

  it('PERM-011 SHELL-025 a DISABLED owner or a DISABLED space grants nothing', () => {
    for (const p of [perm({ memberStatus: 'DISABLED' }), perm({ workspaceStatus: 'DISABLED' })]) {
      for (const flag of CAN_FLAGS) expect(p[flag], flag).toBe(false);
    }
  });

  it('PERM-011 SHELL-008 the second check (settings) needs a role above MEMBER', () => {
    expect(perm({ role: 'OWNER' }).canManageSettings).toBe(true);
    expect(perm({ role: 'ADMIN' }).canManageSettings).toBe(true);
    expect(perm({ role: 'MEMBER' }).canManageSettings).toBe(false);
  });
});

describe('billing access (PERM-004, PERM-005, PERM-009)', () => {
  const table: [Role, boolean, boolean][] = [
    // role, per-seat, canAccessWorkspaceBilling
    ['OWNER', false, true],
    ['ADMIN', false, true],
    ['MEMBER', false, false],
    ['OWNER', true, true],
    ['ADMIN', true, false],
    ['MEMBER', true, false],
  ];
  it.each(table)('PERM-004 PERM-005 %s, per-seat %s: billing %s', (role, isPerSeat, expected) => {
    for (const workspacePlan of WORKSPACE_PLANS) {
      expect(perm({ role, isPerSeat, workspacePlan }).canAccessWorkspaceBilling).toBe(expected);
    }
  });
});

describe('team report (PERM-018, PERM-019, PERM-050)', () => {
  it.each(ROLES.flatMap((role) => WORKSPACE_PLANS.map((plan) => [role, plan] as const)))(
    'PERM-018 PERM-019 %s on %s',
    (role, workspacePlan) => {
      const expected = role !== 'MEMBER' && (workspacePlan === 'PRO' || workspacePlan === 'PREMIUM');
      expect(perm({ role, workspacePlan }).canAccessTeamReport).toBe(expected);
    },
  );

  it('PERM-050 PERM-019 WORKSPACE_DASHBOARD in force hides the team report', () => {
    expect(perm({ restrictions: ['WORKSPACE_DASHBOARD'] }).canAccessTeamReport).toBe(false);
    expect(perm({ restrictions: ['WORKSPACE_DASHBOARD'] }).isWorkspaceDashboardRestricted).toBe(true);
    expect(
      perm({ restrictions: activeRestrictions({ lastActivatedStep: 2, isGmailUser: true }) }),
    ).toMatchObject({ canAccessTeamReport: true, isWorkspaceDashboardRestricted: false });
  });
});

describe('plan features in the space context', () => {
  it.each(WORKSPACE_PLANS)('PERM-006 manageUserRoles on %s whatever the role', (workspacePlan) => {
    for (const role of ROLES) {
      expect(perm({ role, workspacePlan }).manageUserRoles).toBe(workspacePlan !== 'FREE');
    }
  });

  it.each(WORKSPACE_PLANS)('PERM-008 SPACE-031 SPACE-032 transferOwnerShip on %s', (workspacePlan) => {
    expect(perm({ workspacePlan }).transferOwnerShip).toBe(
      workspacePlan === 'PRO' || workspacePlan === 'PREMIUM',
    );
  });

  // space plan, user plan, shared
  const shared: [WorkspacePlan, UserPlan, boolean][] = [
    ['PREMIUM', 'PRO', true],
    ['PREMIUM', 'PRO_PERSONAL', true],
    ['PREMIUM', 'FREE', false],
    ['PRO', 'PRO', false],
    ['PRO', 'PRO_PERSONAL', false],
    ['FREE', 'FREE', false],
    ['LEGACY', 'PRO', false],
  ];
  it.each(shared)(
    'PERM-017 UNSUB-013 BOUNCE-012 %s space, %s user: shared unsubscribes and bounces %s',
    (workspacePlan, userPlan, expected) => {
      for (const role of ROLES) {
        const p = perm({ role, workspacePlan, userPlan });
        expect(p.sharedUnsubscribes).toBe(expected);
        expect(p.sharedBounces).toBe(expected);
      }
    },
  );

  it('PERM-017 UNSUB-013 BOUNCE-012 SHARED_UNSUBS and SHARED_BOUNCES are lifted separately', () => {
    const premium = { workspacePlan: 'PREMIUM', userPlan: 'PRO' } as const;
    expect(perm({ ...premium, restrictions: ['SHARED_UNSUBS'] })).toMatchObject({
      sharedUnsubscribes: false,
      sharedBounces: true,
    });
    expect(perm({ ...premium, restrictions: ['SHARED_BOUNCES'] })).toMatchObject({
      sharedUnsubscribes: true,
      sharedBounces: false,
    });
    expect(
      perm({ ...premium, restrictions: activeRestrictions({ lastActivatedStep: 3, isGmailUser: false }) }),
    ).toMatchObject({ sharedUnsubscribes: false, sharedBounces: false });
    expect(
      perm({ ...premium, restrictions: activeRestrictions({ lastActivatedStep: 4, isGmailUser: false }) }),
    ).toMatchObject({ sharedUnsubscribes: true, sharedBounces: true });
  });
});

describe('settings pages', () => {
  it.each(ROLES)('PERM-008 ROUTE-017 SHELL-003 general settings for %s', (role) => {
    expect(perm({ role }).canAccessGeneralSettings).toBe(role === 'OWNER');
    expect(perm({ role, workspacePlan: 'FREE', userPlan: 'FREE' }).canAccessGeneralSettings).toBe(
      role === 'OWNER',
    );
  });

  // role, space plan, legacy type, user plan, users page
  const usersPage: [Role, WorkspacePlan, LegacyType | null, UserPlan, boolean][] = [
    ['OWNER', 'PRO', null, 'PRO', true],
    ['ADMIN', 'PRO', null, 'FREE', true],
    ['MEMBER', 'PRO', null, 'PRO', true],
    ['MEMBER', 'PRO', null, 'PRO_PERSONAL', true],
    ['MEMBER', 'PRO', null, 'FREE', false],
    ['MEMBER', 'PREMIUM', null, 'PRO', true],
    ['OWNER', 'FREE', null, 'FREE', true],
    ['ADMIN', 'FREE', null, 'FREE', true],
    ['MEMBER', 'FREE', null, 'FREE', false],
    ['OWNER', 'LEGACY', 'TEAM', 'PRO', true],
    ['ADMIN', 'LEGACY', 'UNLIMITED', 'FREE', true],
    ['MEMBER', 'LEGACY', 'TEAM', 'PRO', false],
    ['MEMBER', 'LEGACY', 'UNLIMITED', 'FREE', false],
    ['OWNER', 'LEGACY', 'PERSONAL', 'PRO', false],
    ['OWNER', 'LEGACY', 'PROFESSIONAL', 'PRO', false],
    ['ADMIN', 'LEGACY', 'PROFESSIONAL', 'PRO', false],
  ];
  it.each(usersPage)(
    'PERM-012 PERM-013 PERM-014 ROUTE-018 ROUTE-019 %s on %s (%s), %s user: users page %s',
    (role, workspacePlan, legacyType, userPlan, expected) => {
      expect(perm({ role, workspacePlan, legacyType, userPlan }).canAccessUsersPage).toBe(expected);
    },
  );

  it('PERM-013 PERM-014 ROUTE-018 USERS_PAGE in force hides the users page from everyone', () => {
    for (const role of ROLES) {
      const p = perm({ role, restrictions: ['USERS_PAGE'] });
      expect(p.canAccessUsersPage).toBe(false);
      expect(p.isUsersPageRestricted).toBe(true);
    }
    // Step 2: still in force for a Gmail user, lifted for a company-domain user (PERM-039, PERM-040).
    const step2 = (isGmailUser: boolean) =>
      perm({ isGmailUser, restrictions: activeRestrictions({ lastActivatedStep: 2, isGmailUser }) });
    expect(step2(true).canAccessUsersPage).toBe(false);
    expect(step2(false).canAccessUsersPage).toBe(true);
  });

  it('PERM-013 ROUTE-023 legacy personal and professional spaces count as users-page restricted', () => {
    expect(legacy('PERSONAL').isUsersPageRestricted).toBe(true);
    expect(legacy('PROFESSIONAL').isUsersPageRestricted).toBe(true);
    expect(legacy('TEAM').isUsersPageRestricted).toBe(false);
    expect(legacy('UNLIMITED').isUsersPageRestricted).toBe(false);
    expect(perm().isUsersPageRestricted).toBe(false);
  });
});

describe('member list (canListMembers)', () => {
  it('PERM-012 PERM-016 a member reads it exactly when the users page is his; a free member of a PRO space does not, with the users page reason', () => {
    const freeMember = { role: 'MEMBER', workspacePlan: 'PRO', userPlan: 'FREE' } as const;
    expect(perm(freeMember).canListMembers).toBe(false);
    expect(perm(freeMember).isFreeMemberOfProSpace).toBe(true);
    expect(denialOf('canListMembers', { ...base, ...freeMember })).toEqual(
      denialOf('canAccessUsersPage', { ...base, ...freeMember }),
    );
    expect(perm({ role: 'MEMBER', userPlan: 'PRO' }).canListMembers).toBe(true);
    expect(perm({ role: 'MEMBER', userPlan: 'PRO', restrictions: ['USERS_PAGE'] }).canListMembers).toBe(
      false,
    );
    expect(legacy('TEAM', { role: 'MEMBER' }).canListMembers).toBe(false);
  });

  it('PERM-008 PERM-009 managers read it even where their users page is restricted: their checkout and transfer need it', () => {
    for (const role of ['OWNER', 'ADMIN'] as const) {
      expect(perm({ role, restrictions: ['USERS_PAGE'] }).canAccessUsersPage).toBe(false);
      expect(perm({ role, restrictions: ['USERS_PAGE'] }).canListMembers).toBe(true);
      expect(legacy('PERSONAL', { role }).canListMembers).toBe(true);
      expect(perm({ role, memberStatus: 'DISABLED' }).canListMembers).toBe(false);
    }
  });
});

describe('header Upgrade button (SHELL-012, PERM-005)', () => {
  const shown = (overrides: Partial<SpacePermissionInput>) => {
    const input = { ...base, workspacePlan: 'FREE', userPlan: 'FREE', ...overrides } as const;
    return showsUpgradeButton(input, spacePermissions(input));
  };

  it('SHELL-012 PERM-005 PERM-009 on a FREE space: the owner, and an admin only outside the per-seat model', () => {
    expect(shown({ role: 'OWNER' })).toBe(true);
    expect(shown({ role: 'OWNER', isPerSeat: false })).toBe(true);
    expect(shown({ role: 'ADMIN', isPerSeat: false })).toBe(true);
    // The per-seat ADMIN is refused the checkout (canAccessWorkspaceBilling): no button into it.
    expect(shown({ role: 'ADMIN', isPerSeat: true })).toBe(false);
    expect(shown({ role: 'MEMBER', isPerSeat: false })).toBe(false);
  });

  it('SHELL-012 never on a paid space', () => {
    for (const workspacePlan of ['PRO', 'PREMIUM', 'LEGACY'] as const) {
      expect(shown({ role: 'OWNER', workspacePlan })).toBe(false);
    }
  });
});

describe('bounces page (PERM-015, ROUTE-013)', () => {
  // space plan, user plan, shown
  const table: [WorkspacePlan, UserPlan, boolean][] = [
    ['PRO', 'PRO', false],
    ['PRO', 'PRO_PERSONAL', false],
    ['PRO', 'FREE', true],
    ['PREMIUM', 'PRO', true],
    ['PREMIUM', 'FREE', true],
    ['FREE', 'FREE', true],
    ['LEGACY', 'PRO', true],
  ];
  it.each(table)(
    'PERM-015 ROUTE-013 %s space, %s user: bounces page %s',
    (workspacePlan, userPlan, shown) => {
      for (const role of ROLES) {
        expect(perm({ role, workspacePlan, userPlan }).showBouncesPage).toBe(shown);
      }
    },
  );

  it('PERM-015 ROUTE-013 hidden while the bounces rollout restriction is in force', () => {
    expect(perm({ workspacePlan: 'PREMIUM', restrictions: ['SHARED_BOUNCES'] }).showBouncesPage).toBe(false);
    expect(perm({ workspacePlan: 'PREMIUM', restrictions: ['SHARED_UNSUBS'] }).showBouncesPage).toBe(true);
  });
});

describe('free member of a Pro space (PERM-016)', () => {
  // role, space plan, user plan, flag
  const table: [Role, WorkspacePlan, UserPlan, boolean][] = [
    ['MEMBER', 'PRO', 'FREE', true],
    ['ADMIN', 'PRO', 'FREE', false],
    ['OWNER', 'PRO', 'FREE', false],
    ['MEMBER', 'PRO', 'PRO', false],
    ['MEMBER', 'PRO', 'PRO_PERSONAL', false],
    ['MEMBER', 'PREMIUM', 'FREE', false],
    ['MEMBER', 'FREE', 'FREE', false],
    ['MEMBER', 'LEGACY', 'FREE', false],
  ];
  it.each(table)(
    'PERM-016 SHELL-023 %s, %s space, %s user: %s',
    (role, workspacePlan, userPlan, expected) => {
      expect(perm({ role, workspacePlan, userPlan }).isFreeMemberOfProSpace).toBe(expected);
    },
  );
});

describe('inviting (PERM-007, INV-013, decision C2)', () => {
  it.each(ROLES.flatMap((role) => WORKSPACE_PLANS.map((plan) => [role, plan] as const)))(
    'PERM-007 INV-013 %s on %s',
    (role, workspacePlan) => {
      const expected = role !== 'MEMBER' && workspacePlan !== 'LEGACY';
      expect(perm({ role, workspacePlan }).canInvite).toBe(expected);
    },
  );

  it('PERM-007 a MEMBER invites only when the space lets members invite, never on a legacy plan', () => {
    expect(perm({ role: 'MEMBER', memberInviteUser: true }).canInvite).toBe(true);
    expect(perm({ role: 'MEMBER', memberInviteUser: false }).canInvite).toBe(false);
    expect(legacy('TEAM', { role: 'MEMBER', memberInviteUser: true }).canInvite).toBe(false);
  });

  it('INV-013 PERM-043 PERM-044 INVITATION in force blocks inviting', () => {
    expect(perm({ restrictions: ['INVITATION'] }).canInvite).toBe(false);
    const at = (step: number, isGmailUser: boolean) =>
      perm({ isGmailUser, restrictions: activeRestrictions({ lastActivatedStep: step, isGmailUser }) })
        .canInvite;
    expect(at(1, false)).toBe(false);
    expect(at(2, false)).toBe(true);
    expect(at(3, true)).toBe(false);
    expect(at(4, true)).toBe(true);
  });
});

describe('ownership transfer (PERM-008, SPACE-019)', () => {
  it.each(ROLES.flatMap((role) => WORKSPACE_PLANS.map((plan) => [role, plan] as const)))(
    'PERM-008 SPACE-031 SPACE-032 %s on %s',
    (role, workspacePlan) => {
      const expected = role === 'OWNER' && (workspacePlan === 'PRO' || workspacePlan === 'PREMIUM');
      expect(perm({ role, workspacePlan }).canTransferOwnership).toBe(expected);
    },
  );

  it('SPACE-019 PERM-041 PERM-042 TRANSFER_WORKSPACE in force blocks the transfer', () => {
    const p = perm({ restrictions: ['TRANSFER_WORKSPACE'] });
    expect(p).toMatchObject({
      canTransferOwnership: false,
      isTransferWorkspaceRestricted: true,
      transferOwnerShip: true,
    });
    const at = (step: number, isGmailUser: boolean) =>
      perm({ isGmailUser, restrictions: activeRestrictions({ lastActivatedStep: step, isGmailUser }) })
        .canTransferOwnership;
    expect(at(2, false)).toBe(true);
    expect(at(3, true)).toBe(false);
    expect(at(4, true)).toBe(true);
  });
});

describe('deletion', () => {
  it.each(ROLES)('only the owner deletes the space (%s)', (role) => {
    expect(perm({ role }).canDeleteSpace).toBe(role === 'OWNER');
  });
});

describe('member management (PERM-021 PERM-022 PERM-023 PERM-024 PERM-025, decisions C5 and C6)', () => {
  const everyRolePlan = ROLES.flatMap((role) => WORKSPACE_PLANS.map((plan) => [role, plan] as const));
  const onPlan = (role: Role, workspacePlan: WorkspacePlan) =>
    workspacePlan === 'LEGACY' ? legacy('TEAM', { role }) : perm({ role, workspacePlan });

  it.each(everyRolePlan)(
    'PERM-021 PERM-025 C5 C6 %s on %s: owners and admins manage members',
    (role, plan) => {
      expect(onPlan(role, plan).canManageMembers).toBe(role !== 'MEMBER');
    },
  );

  it.each(everyRolePlan)(
    'PERM-021 C3 %s on %s: the seat add and remove are for managers of non-legacy spaces',
    (role, plan) => {
      expect(onPlan(role, plan).canManageSeatMembers).toBe(role !== 'MEMBER' && plan !== 'LEGACY');
    },
  );

  it.each(everyRolePlan)(
    'C2 C3 MEM-011 MEM-018 %s on %s: the legacy add, invite and remove are for managers of legacy spaces',
    (role, plan) => {
      expect(onPlan(role, plan).canManageLegacyMembers).toBe(role !== 'MEMBER' && plan === 'LEGACY');
    },
  );

  it('MEM-042 the legacy calls serve TEAM and UNLIMITED plans, not the single-user legacy plans', () => {
    expect(legacy('TEAM').canManageLegacyMembers).toBe(true);
    expect(legacy('UNLIMITED', { role: 'ADMIN' }).canManageLegacyMembers).toBe(true);
    expect(legacy('PERSONAL').canManageLegacyMembers).toBe(false);
    expect(legacy('PROFESSIONAL').canManageLegacyMembers).toBe(false);
    expect(
      denialOf('canManageLegacyMembers', {
        ...base,
        workspacePlan: 'LEGACY',
        workspaceStatus: 'LEGACY',
        legacyType: 'PERSONAL',
      }),
    ).toEqual({ code: 'plan_not_eligible', message: 'This legacy plan has a single user.' });
  });

  it.each(everyRolePlan)(
    'PERM-006 PERM-023 C5 %s on %s: only the owner changes roles, never on FREE',
    (role, plan) => {
      expect(onPlan(role, plan).canChangeRoles).toBe(role === 'OWNER' && plan !== 'FREE');
    },
  );

  it("PERM-006 PERM-023 the owner of a FREE space is told roles need another plan; an admin, that it is the owner's", () => {
    expect(denialOf('canChangeRoles', { ...base, workspacePlan: 'FREE', userPlan: 'FREE' })).toEqual({
      code: 'plan_not_eligible',
      message: 'Changing roles is not available in free plan.',
    });
    expect(denialOf('canChangeRoles', { ...base, role: 'ADMIN' })).toEqual({
      code: 'forbidden',
      message: 'Only the owner can do this',
    });
  });

  it.each(everyRolePlan)('PERM-022 C6 %s on %s: only the owner manages seats', (role, plan) => {
    expect(onPlan(role, plan).canManageSeats).toBe(role === 'OWNER');
  });

  it('PERM-024 a member or an admin is told to contact the space owner to buy seats', () => {
    for (const role of ['MEMBER', 'ADMIN'] as const) {
      expect(denialOf('canManageSeats', { ...base, role })?.message).toContain(
        'please contact the space owner',
      );
    }
  });

  it.each(everyRolePlan)(
    'PERM-009 000 §4 %s on %s: subscription lists are not served to MEMBER',
    (role, plan) => {
      expect(onPlan(role, plan).canReadSubscriptions).toBe(role !== 'MEMBER');
    },
  );

  it('PERM-011 SHELL-025 a DISABLED manager or a DISABLED space manages no member', () => {
    for (const p of [perm({ memberStatus: 'DISABLED' }), perm({ workspaceStatus: 'DISABLED' })]) {
      expect([p.canManageMembers, p.canManageSeatMembers, p.canChangeRoles, p.canReadSubscriptions]).toEqual([
        false,
        false,
        false,
        false,
      ]);
    }
  });
});

describe('refusals name their reason (denialOf)', () => {
  const texts = { productName: 'Mergeboard' };
  it('SPACE-031 SPACE-032 a FREE or LEGACY owner is told why the transfer is refused', () => {
    expect(denialOf('canTransferOwnership', { ...base, workspacePlan: 'FREE' }, texts)).toEqual({
      code: 'plan_not_eligible',
      message: 'Transferring ownership is not available in free plan.',
    });
    expect(
      denialOf(
        'canTransferOwnership',
        { ...base, workspacePlan: 'LEGACY', workspaceStatus: 'LEGACY', legacyType: 'TEAM' },
        texts,
      ),
    ).toEqual({
      code: 'plan_not_eligible',
      message: 'Transferring ownership is only available to new Mergeboard plans.',
    });
    expect(denialOf('canTransferOwnership', { ...base, restrictions: ['TRANSFER_WORKSPACE'] })?.code).toBe(
      'restricted',
    );
    expect(denialOf('canTransferOwnership', base)).toBeNull();
  });

  it('PERM-008 a role below the gate hears who may; a DISABLED member or space hears that first', () => {
    expect(denialOf('canTransferOwnership', { ...base, role: 'ADMIN' })).toEqual({
      code: 'forbidden',
      message: 'Only the owner can do this',
    });
    expect(denialOf('canTransferOwnership', { ...base, role: 'ADMIN', memberStatus: 'DISABLED' })?.code).toBe(
      'member_disabled',
    );
    expect(denialOf('canAccessWorkspace', { ...base, workspaceStatus: 'DISABLED' })?.code).toBe(
      'space_disabled',
    );
    expect(denialOf('canViewSpace', { ...base, workspaceStatus: 'DISABLED' })).toBeNull();
  });

  it('every gate agrees with spacePermissions over every combination', () => {
    for (const role of ROLES)
      for (const workspacePlan of WORKSPACE_PLANS)
        for (const memberStatus of MEMBER_STATUSES)
          for (const restrictions of [[], activeRestrictions({ lastActivatedStep: 1, isGmailUser: true })]) {
            const input = { ...base, role, workspacePlan, memberStatus, restrictions };
            const p = spacePermissions(input);
            for (const permission of SPACE_PERMISSIONS) {
              expect(p[permission], permission).toBe(denialOf(permission, input) === null);
            }
          }
  });
});

describe('restriction flags in the space context (PERM-038)', () => {
  it('PERM-038 PERM-033 spreads the four flags from the restrictions', () => {
    expect(
      perm({ restrictions: activeRestrictions({ lastActivatedStep: 1, isGmailUser: false }) }),
    ).toMatchObject({
      isUsersPageRestricted: true,
      isTransferWorkspaceRestricted: true,
      isWorkspaceDashboardRestricted: true,
      isPremiumPlanRestricted: true,
    });
    expect(perm()).toMatchObject({
      isUsersPageRestricted: false,
      isTransferWorkspaceRestricted: false,
      isWorkspaceDashboardRestricted: false,
      isPremiumPlanRestricted: false,
    });
  });
});

describe('invariants over every combination', () => {
  const inputs: SpacePermissionInput[] = [];
  for (const role of ROLES)
    for (const workspacePlan of WORKSPACE_PLANS)
      for (const userPlan of USER_PLANS)
        for (const memberStatus of ['ACTIVE', 'PENDING', 'DISABLED'] as MemberStatus[])
          for (const isPerSeat of [true, false])
            for (const step of [0, 1, 2, 3, 9])
              for (const isGmailUser of [true, false])
                inputs.push({
                  ...base,
                  role,
                  workspacePlan,
                  legacyType: workspacePlan === 'LEGACY' ? 'TEAM' : null,
                  workspaceStatus: workspacePlan === 'LEGACY' ? 'LEGACY' : 'ACTIVE',
                  userPlan,
                  memberStatus,
                  isPerSeat,
                  isGmailUser,
                  restrictions: activeRestrictions({ lastActivatedStep: step, isGmailUser }),
                });

  it('PERM-002 PERM-011 every capability needs access; manager-only and owner-only ones hold', () => {
    for (const input of inputs) {
      const p = spacePermissions(input);
      for (const flag of CAN_FLAGS) if (p[flag]) expect(p.canAccessWorkspace, flag).toBe(true);
      const managerOnly = [
        p.canManageSettings,
        p.canAccessWorkspaceBilling,
        p.canAccessTeamReport,
        p.canManageMembers,
        p.canManageSeatMembers,
        p.canManageLegacyMembers,
        p.canReadSubscriptions,
      ];
      if (input.role === 'MEMBER') expect(managerOnly.every((flag) => !flag)).toBe(true);
      const ownerOnly = [
        p.canAccessGeneralSettings,
        p.canTransferOwnership,
        p.canDeleteSpace,
        p.canChangeRoles,
        p.canManageSeats,
      ];
      if (input.role !== 'OWNER') expect(ownerOnly.every((flag) => !flag)).toBe(true);
      if (input.role === 'MEMBER')
        expect(p.canInvite).toBe(
          input.memberInviteUser &&
            p.canAccessWorkspace &&
            input.workspacePlan !== 'LEGACY' &&
            !input.restrictions.includes('INVITATION'),
        );
    }
  });
});
