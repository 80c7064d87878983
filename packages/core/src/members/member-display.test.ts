import { describe, expect, it } from 'vitest';
import { MEMBER_STATUSES } from '../constants/domain';
import {
  ADMIN_ROLE_TOOLTIP,
  DISABLED_MEMBER_TEXT,
  MEMBER_BANNERS,
  MEMBER_EMPTY_STATES,
  MEMBER_ROLE_LABELS,
  REMOVE_CONFIRMATION,
  activationRefusal,
  addMembersAction,
  disabledReason,
  legacyAddWarning,
  legacyCounters,
  legacyPricingCards,
  memberStatusLabel,
  memberTypeLabel,
  newEmailTags,
  quotaLabel,
  removeConfirmationTitle,
  seatUsagePercent,
  seatsUsedText,
  selectionHint,
  upgradeContactText,
  type SpaceAllowances,
} from './member-display';

const acme: SpaceAllowances = {
  workspacePlan: 'PRO',
  domains: ['acme.example'],
  hasMultiDomain: false,
  freeAllowedUserCount: 1,
};

describe('members table cells', () => {
  it('MEM-003 ACTIVE and ACCEPTED show Active, PENDING Pending, DISABLED Disabled', () => {
    expect(Object.fromEntries(MEMBER_STATUSES.map((status) => [status, memberStatusLabel(status)]))).toEqual({
      ACTIVE: 'Active',
      ACCEPTED: 'Active',
      PENDING: 'Pending',
      DISABLED: 'Disabled',
      FREE_TRIAL: 'Active',
      LEGACY: 'Active',
    });
  });

  it('MEM-001 MEM-039 roles read Owner, Admin and User; types Trial, Free and Paid; quota Up to N', () => {
    expect(MEMBER_ROLE_LABELS).toEqual({ OWNER: 'Owner', ADMIN: 'Admin', MEMBER: 'User' });
    expect(memberTypeLabel({ plan: 'PRO', isPaid: false, trial: Date.UTC(2030, 0, 1) })).toBe('Trial');
    expect(memberTypeLabel({ plan: 'PRO', isPaid: false, trial: -1 })).toBe('Trial');
    expect(memberTypeLabel({ plan: 'FREE', isPaid: false, trial: null })).toBe('Free');
    expect(memberTypeLabel({ plan: 'PRO', isPaid: true, trial: null })).toBe('Paid');
    expect(memberTypeLabel({ plan: 'PRO_PERSONAL', isPaid: true, trial: null })).toBe('Paid');
    expect(quotaLabel(20)).toBe('Up to 20');
    expect(quotaLabel(1500)).toBe('Up to 1.500');
  });

  it('PERM-032 the admin role tooltips of seat and legacy spaces', () => {
    expect(ADMIN_ROLE_TOOLTIP.seats).toBe(
      'Admins can manage members. Ownership transfer is available from the space settings.',
    );
    expect(ADMIN_ROLE_TOOLTIP.legacy).toBe('Can manage users and billing');
  });

  it('SHELL-024 the upgrade info modal asks to contact any of them with admins, them without', () => {
    expect(upgradeContactText([{ role: 'OWNER' }, { role: 'ADMIN' }])).toBe(
      'Contact any of them to request an upgrade.',
    );
    expect(upgradeContactText([{ role: 'OWNER' }])).toBe('Contact them to request an upgrade.');
  });
});

describe('disabled and activation tooltips', () => {
  it('MEM-002 MEM-062 a disabled member from outside the domain is told about the domain', () => {
    expect(disabledReason({ isUserInDomain: false }, acme)).toBe(
      'Your current plan only allows user from domain acme.example.',
    );
    // Several domains allowed: the domain is no reason.
    expect(disabledReason({ isUserInDomain: false }, { ...acme, hasMultiDomain: true })).toBe(
      'Your current plan does not allow more than 1 free user(s).',
    );
  });

  it('MEM-002 MEM-063 a disabled member of the domain is told about the free-user limit', () => {
    expect(disabledReason({ isUserInDomain: true }, { ...acme, freeAllowedUserCount: 3 })).toBe(
      'Your current plan does not allow more than 3 free user(s).',
    );
    expect(disabledReason({ isUserInDomain: true }, { ...acme, freeAllowedUserCount: -1 })).toBe(
      DISABLED_MEMBER_TEXT,
    );
  });

  it('MEM-064 activation is refused for another domain, or when the FREE plan has no free place left', () => {
    expect(activationRefusal({ isUserInDomain: false }, { ...acme, freeUsers: 0 })).toBe(
      'Upgrade your space to re-activate them.',
    );
    expect(activationRefusal({ isUserInDomain: true }, { ...acme, freeUsers: 5 })).toBeNull();
    const free = { ...acme, workspacePlan: 'FREE' as const };
    expect(activationRefusal({ isUserInDomain: true }, { ...free, freeUsers: 1 })).toBe(
      'Your current plan does not allow more than 1 free user(s).',
    );
    expect(activationRefusal({ isUserInDomain: true }, { ...free, freeUsers: 0 })).toBeNull();
  });
});

describe('selection', () => {
  it('MEM-007 owners may change the role and remove', () => {
    expect(selectionHint('owner')).toEqual({
      text: 'Select members to:',
      actions: ['Change their role', 'Remove them from the space'],
    });
  });

  it('MEM-008 others may only remove', () => {
    expect(selectionHint('other').actions).toEqual(['Remove them from the space']);
  });

  it('MEM-009 legacy spaces read one sentence', () => {
    expect(selectionHint('legacy')).toEqual({
      text: 'Select member to remove them from the space.',
      actions: [],
    });
  });

  it('MEM-012 MEM-013 the remove confirmation names one member, or says these members', () => {
    expect(removeConfirmationTitle(['Sofia Ramirez'], 'Acme Sales')).toBe(
      'Remove Sofia Ramirez from Acme Sales?',
    );
    expect(removeConfirmationTitle(['A', 'B'], 'Acme Sales')).toBe('Remove these members from Acme Sales?');
    expect(REMOVE_CONFIRMATION).toEqual({
      text: 'They will no longer have access to this space.',
      confirm: 'Yes, proceed',
      cancel: 'No, cancel',
    });
  });
});

describe('add-members button path', () => {
  const pro = { workspacePlan: 'PRO' as const, legacyType: null };
  const seats = (availableSeats: number, scheduledRemoval: object | null = null) => ({
    totalSeats: 10,
    assignedSeats: 10 - Math.max(availableSeats, 0),
    availableSeats,
    scheduledRemoval,
  });

  it('MEM-042 a legacy TEAM or UNLIMITED space opens the legacy add', () => {
    expect(addMembersAction({ workspacePlan: 'LEGACY', legacyType: 'TEAM' }, null)).toBe('legacyAdd');
    expect(addMembersAction({ workspacePlan: 'LEGACY', legacyType: 'UNLIMITED' }, seats(0))).toBe(
      'legacyAdd',
    );
  });

  it('MEM-043 seats available or unlimited open the add-members dialog', () => {
    expect(addMembersAction(pro, seats(3))).toBe('addMembers');
    expect(addMembersAction(pro, { ...seats(0), totalSeats: -1, availableSeats: -1 })).toBe('addMembers');
    // No seat subscription: places are counted by plan, the dialog says what does not fit.
    expect(addMembersAction({ workspacePlan: 'FREE', legacyType: null }, null)).toBe('addMembers');
  });

  it('MEM-044 with no seat left and a downgrade scheduled, to billing to cancel it', () => {
    expect(addMembersAction(pro, seats(0, { targetSeatsQuantity: 5 }))).toBe('cancelDowngrade');
    // Seats still available win over the scheduled downgrade.
    expect(addMembersAction(pro, seats(2, { targetSeatsQuantity: 5 }))).toBe('addMembers');
  });

  it('MEM-045 otherwise the manage seats dialog', () => {
    expect(addMembersAction(pro, seats(0))).toBe('manageSeats');
  });

  it('MEM-006 SEAT-001 the header count and the usage bar', () => {
    expect(seatsUsedText({ assignedSeats: 9, totalSeats: 15 })).toBe('9 of 15 seats used');
    expect(seatUsagePercent({ assignedSeats: 9, totalSeats: 15 })).toBe(60);
    expect(seatUsagePercent({ assignedSeats: 2, totalSeats: -1 })).toBe(0);
    expect(seatsUsedText({ assignedSeats: 2, totalSeats: -1 })).toBe('2 seats used (unlimited)');
  });
});

describe('member e-mails', () => {
  it('MEM-048 tags split on space or comma, lowercased, without duplicates', () => {
    expect(newEmailTags([], 'Ann@Acme.example, bob@acme.example  ann@acme.example,,')).toEqual([
      'ann@acme.example',
      'bob@acme.example',
    ]);
    expect(newEmailTags(['bob@acme.example'], 'BOB@acme.example carl@acme.example')).toEqual([
      'carl@acme.example',
    ]);
    expect(newEmailTags([], '  , ')).toEqual([]);
  });

  it('MEM-057 MEM-058 the legacy add warns past the plan user limit, above -1 only', () => {
    expect(legacyAddWarning(2, 3, 5)).toBeNull();
    expect(legacyAddWarning(3, 3, 5)).toBe('You cannot go over your current plan user limit (5).');
    expect(legacyAddWarning(1, 5, 5)).toBe('Your current plan does not allow you to add other users.');
    expect(legacyAddWarning(50, 5, -1)).toBeNull();
  });
});

describe('banners and empty states', () => {
  it('MEM-072 one user added, or N users', () => {
    expect(MEMBER_BANNERS.added(1)).toBe('The user has been added successfully.');
    expect(MEMBER_BANNERS.added(2)).toBe('2 users have been added successfully');
  });

  it('MEM-046 every member change has a banner for one and for several', () => {
    for (const banner of Object.values(MEMBER_BANNERS)) {
      expect(banner(1)).not.toBe(banner(3));
      expect(banner(3)).toContain('3');
    }
  });

  it('MEM-073 MEM-074 the empty list and the search miss', () => {
    expect(MEMBER_EMPTY_STATES.empty).toEqual({
      title: 'Nothing to see here...',
      text: "You don't have any space members.",
    });
    expect(MEMBER_EMPTY_STATES.noMatch).toEqual({
      title: 'No results found',
      text: 'Sorry, there is no space member that fits with your search.',
    });
  });
});

describe('legacy Manage Users', () => {
  it('MEM-014 counts every member once: disabled, or by type', () => {
    const member = (
      status: 'ACTIVE' | 'DISABLED' | 'PENDING',
      plan: 'FREE' | 'PRO' | 'PRO_PERSONAL',
      trial: number | null = null,
    ) => ({
      status,
      plan,
      isPaid: plan !== 'FREE' && trial === null,
      trial,
    });
    expect(
      legacyCounters([
        member('ACTIVE', 'PRO'),
        member('PENDING', 'PRO'),
        member('ACTIVE', 'PRO_PERSONAL'),
        member('ACTIVE', 'PRO', Date.UTC(2030, 0, 1)),
        member('ACTIVE', 'FREE'),
        member('DISABLED', 'FREE'),
        member('DISABLED', 'PRO'),
      ]),
    ).toEqual({ total: 7, paid: 2, gmailPaid: 1, trial: 1, free: 1, disabled: 2 });
  });

  it('MEM-019 PRICE-001 PRICE-026 Pro and Premium cards priced per month, billed annually, with the daily quota', () => {
    const [pro, premium] = legacyPricingCards([]);
    expect(pro).toMatchObject({
      plan: 'PRO',
      title: 'Pro',
      monthlyPrice: '$5',
      billing: 'billed annually',
      recipientsPerDay: 'Up to 1.500 recipients / day',
    });
    expect(premium).toMatchObject({ plan: 'PREMIUM', title: 'Premium', monthlyPrice: '$8' });
    expect(pro?.features).toContain('Manage the users of your space');
  });

  it('PERM-033 PERM-034 restrictions drop the Premium card and their feature lines', () => {
    const cards = legacyPricingCards([
      'PREMIUM_PLAN',
      'USERS_PAGE',
      'TRANSFER_WORKSPACE',
      'WORKSPACE_DASHBOARD',
    ]);
    expect(cards.map((card) => card.plan)).toEqual(['PRO']);
    expect(cards[0]?.features).toEqual(['Schedule mail merges', 'No branded footer', 'Priority support']);
  });
});
