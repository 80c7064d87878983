import { describe, expect, it } from 'vitest';
import { MEMBER_STATUSES, type MemberStatus } from '../constants/domain';
import {
  ASSIGNABLE_ROLES,
  MEMBER_TEXTS,
  REMOVAL_TEXTS,
  TRIAL_UNLIMITED_FROM,
  addresseeRefusal,
  canChangeMemberStatus,
  dailyQuotaOf,
  defaultIsPaid,
  domainRefusal,
  memberTrial,
  memberTypeOf,
  paidElsewhereListText,
  paidPlanFor,
  removalRefusal,
  roleChangesOf,
  roomIn,
  seatListingStatus,
  seatsAvailableText,
  typeChangeRefusal,
  validateAdditions,
  type AdditionPolicy,
  type Addressee,
  type RemovalContext,
  type RemovalTarget,
} from './member-rules';

const newcomer = (email: string, facts: Partial<Addressee> = {}): Addressee => ({
  email,
  isMember: false,
  isInvited: false,
  isPaidElsewhere: false,
  ...facts,
});
const acme: AdditionPolicy = {
  domains: ['acme.example'],
  hasMultiDomain: false,
  paid: true,
  singlePayment: false,
};
const plenty = { kind: 'seats', totalSeats: -1, assignedSeats: 3, maxPaidUsers: -1, paidUsers: 3 } as const;

describe('who can be added or invited (MEM-051 MEM-052 MEM-053 MEM-054 MEM-055 MEM-056 MEM-057 MEM-058 MEM-059 MEM-060 MEM-061 MEM-062 MEM-063, INV-016)', () => {
  it('MEM-051 MEM-062 INV-016 an address outside the space domain is refused with the domain text', () => {
    expect(addresseeRefusal(newcomer('x@other.example'), acme)).toBe(
      'Your current plan only allows user from domain acme.example.',
    );
    expect(addresseeRefusal(newcomer('new@acme.example'), acme)).toBeNull();
  });

  it('MEM-051 INV-016 multi-domain plans and spaces without a domain admit any address', () => {
    expect(domainRefusal('x@other.example', { domains: ['acme.example'], hasMultiDomain: true })).toBeNull();
    expect(domainRefusal('x@other.example', { domains: [], hasMultiDomain: false })).toBeNull();
    expect(
      domainRefusal('x@b.example', { domains: ['a.example', 'b.example'], hasMultiDomain: false }),
    ).toBeNull();
  });

  it('MEM-053 MEM-076 members and invitees are refused before the domain is looked at', () => {
    expect(addresseeRefusal(newcomer('x@other.example', { isMember: true }), acme)).toBe(
      MEMBER_TEXTS.alreadyMember,
    );
    expect(addresseeRefusal(newcomer('x@other.example', { isInvited: true }), acme)).toBe(
      MEMBER_TEXTS.alreadyInvited,
    );
  });

  it('MEM-060 MEM-036 a user paid in another space cannot take a paid seat under MULTIPLE_PAYMENT', () => {
    const paidElsewhere = newcomer('paid@acme.example', { isPaidElsewhere: true });
    expect(addresseeRefusal(paidElsewhere, { ...acme, singlePayment: true })).toBe(
      'User is already a paid user in another space.',
    );
    expect(addresseeRefusal(paidElsewhere, acme)).toBeNull();
    expect(addresseeRefusal(paidElsewhere, { ...acme, paid: false, singlePayment: true })).toBeNull();
  });

  it('MEM-056 writes the seats text in its singular and plural forms', () => {
    const tail = ' To add more members you need to add more seats to the space first.';
    expect(seatsAvailableText(1)).toBe(
      `There is 1 available seat in this space so you can add 1 member.${tail}`,
    );
    expect(seatsAvailableText(3)).toBe(
      `There are 3 available seats in this space so you can add 3 members.${tail}`,
    );
    expect(seatsAvailableText(0)).toBe(
      `There are 0 available seats in this space so you can add 0 members.${tail}`,
    );
  });

  it('MEM-055 MEM-056 addresses beyond the available seats are refused with the seats text', () => {
    const capacity = {
      kind: 'seats',
      totalSeats: 5,
      assignedSeats: 3,
      maxPaidUsers: -1,
      paidUsers: 3,
    } as const;
    const results = validateAdditions(
      ['a', 'b', 'c'].map((name) => newcomer(`${name}@acme.example`)),
      acme,
      capacity,
    );
    expect(results.map((r) => r.errorMsg)).toEqual([null, null, seatsAvailableText(2)]);
  });

  it('MEM-055 an address refused for its own reason does not use up a seat', () => {
    const capacity = {
      kind: 'seats',
      totalSeats: 4,
      assignedSeats: 3,
      maxPaidUsers: -1,
      paidUsers: 3,
    } as const;
    const results = validateAdditions(
      [newcomer('x@other.example'), newcomer('a@acme.example')],
      acme,
      capacity,
    );
    expect(results).toEqual([
      { email: 'x@other.example', errorMsg: MEMBER_TEXTS.domainOnly('acme.example') },
      { email: 'a@acme.example', errorMsg: null },
    ]);
  });

  it('MEM-059 the plan paid-user maximum is the reason when it binds before the seats', () => {
    expect(
      roomIn({ kind: 'seats', totalSeats: 20, assignedSeats: 9, maxPaidUsers: 10, paidUsers: 9 }),
    ).toEqual({
      room: 1,
      refusal: 'Your current plan allows a maximum of 10 paid users.',
    });
    expect(
      roomIn({ kind: 'seats', totalSeats: 10, assignedSeats: 9, maxPaidUsers: 15, paidUsers: 9 }),
    ).toEqual({
      room: 1,
      refusal: seatsAvailableText(1),
    });
    expect(roomIn(plenty).room).toBe(Number.POSITIVE_INFINITY);
  });

  it('MEM-063 CONST-019 001 §1 a FREE space holding its one member refuses more with the free-user text', () => {
    const results = validateAdditions(
      [newcomer('b@acme.example')],
      { ...acme, paid: false },
      {
        kind: 'free',
        allowedUsers: 1,
        freeUsers: 1,
      },
    );
    expect(results[0]!.errorMsg).toBe('Your current plan does not allow more than 1 free user(s).');
    expect(roomIn({ kind: 'free', allowedUsers: -1, freeUsers: 40 }).room).toBe(Number.POSITIVE_INFINITY);
  });

  it('MEM-057 MEM-058 the legacy add keeps within the plan user limit, above -1 only', () => {
    expect(roomIn({ kind: 'legacy', allowedUsers: 5, paidUsers: 3 })).toEqual({
      room: 2,
      refusal: 'You cannot go over your current plan user limit (5).',
    });
    expect(roomIn({ kind: 'legacy', allowedUsers: 5, paidUsers: 5 })).toEqual({
      room: 0,
      refusal: 'Your current plan does not allow you to add other users.',
    });
    expect(roomIn({ kind: 'legacy', allowedUsers: -1, paidUsers: 500 }).room).toBe(Number.POSITIVE_INFINITY);
  });

  it('MEM-054 INV-015 the dialog texts when some addresses are refused', () => {
    expect(MEMBER_TEXTS.someAddressesRefused).toBe(
      "We can't add some email addresses. Hover over them to know why.",
    );
    expect(MEMBER_TEXTS.someInvitationsRefused).toBe(
      "We can't invite some email addresses. Hover over them to know why.",
    );
  });

  it('MEM-028 a Gmail-type address is paid as PRO_PERSONAL, any other as PRO', () => {
    expect(paidPlanFor('pat@gmail.com')).toBe('PRO_PERSONAL');
    expect(paidPlanFor('pat@googlemail.com')).toBe('PRO_PERSONAL');
    expect(paidPlanFor('pat@acme.example')).toBe('PRO');
  });
});

describe('removal (MEM-065 MEM-066 MEM-067 MEM-068 MEM-069, PERM-025 PERM-026 PERM-027 PERM-028 PERM-029 PERM-030 PERM-031)', () => {
  const owner = { userId: 'o', role: 'OWNER' } as const;
  const admin = { userId: 'a', role: 'ADMIN' } as const;
  const seatSpace: RemovalContext = { actor: owner, isLegacy: false, paymentSource: 'STRIPE' };
  const target = (overrides: Partial<RemovalTarget> = {}): RemovalTarget => ({
    userId: 'm',
    role: 'MEMBER',
    status: 'ACTIVE',
    isPaid: true,
    trial: null,
    ...overrides,
  });

  it('MEM-065 PERM-026 the owner cannot be removed', () => {
    expect(removalRefusal([target(), target({ userId: 'o', role: 'OWNER' })], seatSpace)).toEqual({
      rule: 'owner',
      message: 'The owner cannot be removed from the space',
      userId: 'o',
    });
  });

  it('MEM-066 PERM-029 a free-trial user cannot be removed', () => {
    expect(removalRefusal([target({ trial: Date.now() + 1000, isPaid: false })], seatSpace)?.message).toBe(
      'You cannot remove the user in Free trial',
    );
    expect(removalRefusal([target({ status: 'FREE_TRIAL' })], seatSpace)?.rule).toBe('freeTrial');
  });

  it('MEM-067 PERM-028 an admin cannot remove themselves', () => {
    expect(
      removalRefusal([target({ userId: 'a', role: 'ADMIN' })], { ...seatSpace, actor: admin })?.message,
    ).toBe('You cannot remove yourself from the space');
  });

  it('MEM-068 PERM-027 an admin cannot remove another admin; the owner can', () => {
    const otherAdmin = target({ userId: 'a2', role: 'ADMIN' });
    expect(removalRefusal([otherAdmin], { ...seatSpace, actor: admin })?.message).toBe(
      'An admin cannot be removed by another admin from the space',
    );
    expect(removalRefusal([otherAdmin], seatSpace)).toBeNull();
  });

  it('MEM-069 PERM-031 paid users of a legacy space cannot be removed directly', () => {
    const legacy = { ...seatSpace, isLegacy: true };
    expect(removalRefusal([target()], legacy)?.message).toBe(
      'To remove paid users, you must downgrade them to free and then remove them during the next billing cycle.',
    );
    expect(removalRefusal([target({ isPaid: false })], legacy)).toBeNull();
    expect(removalRefusal([target()], seatSpace)).toBeNull();
  });

  it('PERM-030 nobody is removed while the subscription is offline or support-given (our text)', () => {
    for (const paymentSource of ['OFFLINE', 'SUPPORT'] as const) {
      expect(removalRefusal([target()], { ...seatSpace, paymentSource })).toMatchObject({
        rule: 'managedSubscription',
        message: REMOVAL_TEXTS.managedSubscription,
      });
    }
    expect(removalRefusal([target()], { ...seatSpace, paymentSource: null })).toBeNull();
  });

  it('MEM-065 MEM-066 MEM-067 MEM-068 MEM-069 the first rule in the spec order names the refusal of a mixed selection', () => {
    const selection = [
      target({ userId: 'a', role: 'ADMIN' }),
      target({ userId: 't', trial: -1 }),
      target({ userId: 'o', role: 'OWNER' }),
    ];
    expect(removalRefusal(selection, { ...seatSpace, actor: admin, paymentSource: 'OFFLINE' })?.rule).toBe(
      'owner',
    );
    expect(removalRefusal(selection.slice(0, 2), { ...seatSpace, actor: admin })?.rule).toBe('freeTrial');
    expect(removalRefusal(selection.slice(0, 1), { ...seatSpace, actor: admin })?.rule).toBe('self');
  });

  it('MEM-070 MEM-071 the remove call texts', () => {
    expect(MEMBER_TEXTS.workspaceIdRequired).toBe('WorkspaceId is required');
    expect(MEMBER_TEXTS.userEmailsRequired).toBe('user emails are required');
    expect(MEMBER_TEXTS.removeFailed(['a@acme.example', 'b@acme.example'])).toBe(
      'Failed to remove a@acme.example, b@acme.example from the space',
    );
  });
});

describe('role change (MEM-037 MEM-038 MEM-039, PERM-023)', () => {
  const current = [
    { userId: 'o', role: 'OWNER' },
    { userId: 'a', role: 'ADMIN' },
    { userId: 'm', role: 'MEMBER' },
  ] as const;

  it('MEM-039 the choices are Member and Admin', () => {
    expect(ASSIGNABLE_ROLES).toEqual(['MEMBER', 'ADMIN']);
  });

  it('MEM-037 applies only the roles that change, and refuses when none does', () => {
    expect(
      roleChangesOf(current, [
        { userId: 'a', userRole: 'ADMIN' },
        { userId: 'm', userRole: 'ADMIN' },
      ]),
    ).toEqual({ ok: true, changes: [{ userId: 'm', userRole: 'ADMIN' }] });
    expect(roleChangesOf(current, [{ userId: 'm', userRole: 'MEMBER' }])).toEqual({
      ok: false,
      reason: 'nothing',
      message: MEMBER_TEXTS.sameRoles,
    });
  });

  it("MEM-038 PERM-023 the owner's role never changes, whatever else is selected", () => {
    expect(
      roleChangesOf(current, [
        { userId: 'm', userRole: 'ADMIN' },
        { userId: 'o', userRole: 'ADMIN' },
      ]),
    ).toEqual({ ok: false, reason: 'owner', message: "The owner's role cannot be changed." });
  });
});

describe('type change (MEM-032 MEM-033 MEM-034 MEM-035 MEM-036, MEM-061)', () => {
  it('MEM-032 a member is TRIAL, FREE, PRO or PRO_PERSONAL', () => {
    expect(memberTypeOf({ plan: 'PRO', isPaid: false, trial: Date.now() })).toBe('TRIAL');
    expect(memberTypeOf({ plan: 'FREE', isPaid: false, trial: null })).toBe('FREE');
    expect(memberTypeOf({ plan: 'PRO', isPaid: false, trial: null })).toBe('FREE');
    expect(memberTypeOf({ plan: 'PRO', isPaid: true, trial: null })).toBe('PRO');
    expect(memberTypeOf({ plan: 'PRO_PERSONAL', isPaid: true, trial: null })).toBe('PRO_PERSONAL');
  });

  const free = (email: string, isPaidElsewhere = false) => ({
    email,
    type: 'FREE' as const,
    isPaidElsewhere,
  });

  it('MEM-034 mixed types are refused with the spec text', () => {
    expect(
      typeChangeRefusal([free('a@x.example'), { ...free('b@x.example'), type: 'PRO' }], {
        singlePayment: false,
      }),
    ).toEqual({
      code: 'mixed_types',
      message: 'To update users Type, select users with the same Type.',
    });
    expect(
      typeChangeRefusal(
        [
          { ...free('a@x.example'), type: 'PRO' },
          { ...free('b@x.example'), type: 'PRO_PERSONAL' },
        ],
        {
          singlePayment: false,
        },
      )?.code,
    ).toBe('all_paid');
  });

  it('MEM-035 a selection of paid users only is refused', () => {
    expect(typeChangeRefusal([{ ...free('a@x.example'), type: 'PRO' }], { singlePayment: false })).toEqual({
      code: 'all_paid',
      message: MEMBER_TEXTS.allPaid,
    });
  });

  it('MEM-036 MEM-061 users paid in another space are refused under MULTIPLE_PAYMENT, named in a list', () => {
    const selection = [free('a@x.example', true), free('b@x.example'), free('c@x.example', true)];
    expect(typeChangeRefusal(selection, { singlePayment: true })).toEqual({
      code: 'already_paid_user',
      message: 'a@x.example and 1 other are already paid users in another space.',
    });
    expect(typeChangeRefusal(selection, { singlePayment: false })).toBeNull();
  });

  it('MEM-061 C12 the list text for one, two and more users', () => {
    expect(paidElsewhereListText(['a@x.example'])).toBe(
      'a@x.example is already a paid user in another space.',
    );
    expect(paidElsewhereListText(['a@x.example', 'b@x.example'])).toBe(
      'a@x.example and 1 other are already paid users in another space.',
    );
    expect(paidElsewhereListText(['a@x.example', 'b@x.example', 'c@x.example'])).toBe(
      'a@x.example and 2 others are already paid users in another space.',
    );
  });
});

describe('member status and listing (MEM-022, MEM-025, MEM-027, MEM-029)', () => {
  const allowed: [MemberStatus, MemberStatus][] = [
    ['PENDING', 'ACTIVE'],
    ['PENDING', 'ACCEPTED'],
    ['ACTIVE', 'DISABLED'],
    ['ACCEPTED', 'DISABLED'],
    ['PENDING', 'DISABLED'],
    ['FREE_TRIAL', 'DISABLED'],
    ['LEGACY', 'DISABLED'],
    ['DISABLED', 'ACTIVE'],
  ];

  it('MEM-029 the status transitions, and no other', () => {
    for (const from of MEMBER_STATUSES)
      for (const to of MEMBER_STATUSES) {
        const expected = allowed.some(([a, b]) => a === from && b === to);
        expect(canChangeMemberStatus(from, to), `${from} → ${to}`).toBe(expected);
      }
  });

  it('MEM-022 a trial end maps to itself, the huge sentinel to -1, none to null', () => {
    expect(memberTrial(null)).toBeNull();
    expect(memberTrial(1_700_000_000_000)).toBe(1_700_000_000_000);
    expect(memberTrial(TRIAL_UNLIMITED_FROM)).toBe(-1);
    expect(memberTrial(8_640_000_000_000_000)).toBe(-1);
  });

  it('MEM-025 isPaid comes from the stored checkout state, else from the plan not being FREE', () => {
    expect(defaultIsPaid({ id: 'u', plan: 'PRO' })).toBe(true);
    expect(defaultIsPaid({ id: 'u', plan: 'FREE' })).toBe(false);
    expect(defaultIsPaid({ id: 'u', plan: 'PRO' }, { u: false })).toBe(false);
    expect(defaultIsPaid({ id: 'u', plan: 'FREE' }, { other: true })).toBe(false);
  });

  it('MEM-027 a seat listing member is FREE_TRIAL with a trial end, PENDING on a pending seat, else ACTIVE', () => {
    expect(seatListingStatus({ trial: 5, seatType: 'PENDING_YAMM_USER' })).toBe('FREE_TRIAL');
    expect(seatListingStatus({ trial: null, seatType: 'PENDING_YAMM_USER' })).toBe('PENDING');
    expect(seatListingStatus({ trial: null, seatType: 'ADDED_YAMM_USER' })).toBe('ACTIVE');
  });

  it('MEM-021 CONST-015 CONST-016 CONST-017 the daily quota by plan, a free user taking the server quota', () => {
    expect(dailyQuotaOf('PRO')).toBe(1500);
    expect(dailyQuotaOf('PRO_PERSONAL')).toBe(400);
    expect(dailyQuotaOf('FREE')).toBe(20);
    expect(dailyQuotaOf('FREE', 35)).toBe(35);
  });
});
