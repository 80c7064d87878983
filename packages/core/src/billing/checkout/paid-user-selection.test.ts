import { describe, expect, it } from 'vitest';
import { cycleChangeTarget } from './cycle-change';
import {
  initialPaidSelection,
  multiDomainRefusal,
  PAID_SELECTION_TEXTS,
  paidSelectionChanges,
  paidUserChoices,
  paidUserUpdates,
  setPaid,
  workspaceUserPlansOf,
  type PaidUserCandidate,
  type PaidUserRules,
} from './paid-user-selection';

const owner: PaidUserCandidate = {
  userId: 'u-owner',
  email: 'olivia@acme.example',
  role: 'OWNER',
  isPaid: true,
  isPaidElsewhere: false,
};
const ada: PaidUserCandidate = {
  userId: 'u-ada',
  email: 'ada@acme.example',
  role: 'ADMIN',
  isPaid: true,
  isPaidElsewhere: false,
};
const bob: PaidUserCandidate = {
  userId: 'u-bob',
  email: 'bob@acme.example',
  role: 'MEMBER',
  isPaid: false,
  isPaidElsewhere: false,
};
const eve: PaidUserCandidate = {
  userId: 'u-eve',
  email: 'eve@gmail.com',
  role: 'MEMBER',
  isPaid: false,
  isPaidElsewhere: true,
};
const team = [owner, ada, bob, eve];
const rules: PaidUserRules = { singlePayment: true, onlyPaidNow: false, multiDomainAllowed: true };

describe('paid-user selection', () => {
  it('CHK-081 checkout is allowed only when something changed', () => {
    const start = initialPaidSelection(team, [], rules);
    expect(paidSelectionChanges(team, start)).toEqual({ upgraded: [], downgraded: [], changed: false });
    const more = setPaid(team, start, { userId: bob.userId, paid: true }, rules);
    expect(paidSelectionChanges(team, more)).toEqual({ upgraded: ['u-bob'], downgraded: [], changed: true });
  });

  it('MEM-033 the Users page’s type change opens with the selected users made paid', () => {
    const start = initialPaidSelection(team, ['u-bob'], rules);
    expect([...start].sort()).toEqual(['u-ada', 'u-bob', 'u-owner']);
  });

  it('CHK-082 a paid user made free is marked toBeRemoved (free at renewal)', () => {
    const start = initialPaidSelection(team, [], rules);
    const fewer = setPaid(team, start, { userId: ada.userId, paid: false }, rules);
    const row = paidUserChoices(team, fewer, rules).find((choice) => choice.userId === ada.userId);
    expect(row).toMatchObject({ paid: false, toBeRemoved: true, locked: false });
    expect(paidSelectionChanges(team, fewer).downgraded).toEqual(['u-ada']);
  });

  it('CHK-083 the Pro plan refuses paid users of several domains unless it allows multi-domain', () => {
    const mixed = new Set([owner.userId, eve.userId]);
    expect(multiDomainRefusal(team, mixed, { multiDomainAllowed: false })).toBe(
      PAID_SELECTION_TEXTS.multiDomain,
    );
    expect(multiDomainRefusal(team, mixed, { multiDomainAllowed: true })).toBeNull();
    expect(
      multiDomainRefusal(team, new Set([owner.userId, ada.userId]), { multiDomainAllowed: false }),
    ).toBeNull();
  });

  it('CHK-084 going to Pro, only users paid now may be paid', () => {
    const toPro = { ...rules, onlyPaidNow: true };
    const start = initialPaidSelection(team, ['u-bob'], toPro);
    expect(start.has(bob.userId)).toBe(false);
    expect(setPaid(team, start, { userId: bob.userId, paid: true }, toPro)).toBe(start);
    expect(paidUserChoices(team, start, toPro).find((c) => c.userId === bob.userId)).toMatchObject({
      locked: true,
      reason: 'Only paid users in the space can be paid in the Pro plan.',
    });
  });

  it('CHK-085 under MULTIPLE_PAYMENT a user paid in another space cannot be promoted (already_paid_user)', () => {
    const start = initialPaidSelection(team, ['u-eve'], rules);
    expect(start.has(eve.userId)).toBe(false);
    expect(paidUserChoices(team, start, rules).find((c) => c.userId === eve.userId)).toMatchObject({
      locked: true,
      reason: 'User is already a paid user in another space.',
    });
    const free = { ...rules, singlePayment: false };
    expect(setPaid(team, start, { userId: eve.userId, paid: true }, free).has(eve.userId)).toBe(true);
  });

  it('CHK-086 when no paid user would remain the owner is made paid', () => {
    const onlyAda = new Set([ada.userId]);
    const none = setPaid(team, onlyAda, { userId: ada.userId, paid: false }, rules);
    expect([...none]).toEqual([owner.userId]);
    const noneToStart = initialPaidSelection(
      team.map((candidate) => ({ ...candidate, isPaid: false })),
      [],
      rules,
    );
    expect([...noneToStart]).toEqual([owner.userId]);
  });

  it('CHK-087 the owner as the only paid user has a locked radio', () => {
    const ownerAlone = new Set([owner.userId]);
    const [ownerRow] = paidUserChoices(team, ownerAlone, rules);
    expect(ownerRow).toMatchObject({ paid: true, locked: true, reason: PAID_SELECTION_TEXTS.ownerOnlyPaid });
    const [ownerWithAda] = paidUserChoices(team, new Set([owner.userId, ada.userId]), rules);
    expect(ownerWithAda).toMatchObject({ locked: false, reason: null });
  });

  it('CHK-070 the preview lists every paid user with their paid plan and users made free as FREE; the update adds the downgrades', () => {
    const selection = new Set([owner.userId, eve.userId]);
    expect(paidUserUpdates(team, selection)).toEqual([
      { userId: 'u-owner', userPlan: 'PRO' },
      { userId: 'u-ada', userPlan: 'FREE' },
      { userId: 'u-eve', userPlan: 'PRO_PERSONAL' },
    ]);
    expect(
      workspaceUserPlansOf({
        previewed: [
          { stripePriceId: 'price_pro', userIds: ['u-owner'] },
          { stripePriceId: 'price_personal', userIds: [] },
        ],
        downgraded: [{ userId: 'u-ada', stripePriceId: 'price_pro' }],
      }),
    ).toEqual([
      { stripePriceId: 'price_pro', userIds: ['u-owner'], downgradeToFree: false },
      { stripePriceId: 'price_pro', userIds: ['u-ada'], downgradeToFree: true },
    ]);
  });
});

describe('billing-cycle change', () => {
  const live = {
    billingInterval: 'YEARLY' as const,
    workspacePlan: 'PRO' as const,
    paymentSource: 'STRIPE' as const,
    subscriptionStatus: 'ACTIVE' as const,
    autoRenew: true,
    scheduledChanges: null,
    stripeSubscriptionScheduleId: null,
  };
  const older = { flow: 'older' as const, monthlyAllowed: true };

  it('CHK-044 CHK-043 a yearly subscription moves to monthly where monthly is sold, a monthly one to yearly', () => {
    expect(cycleChangeTarget(live, older)).toBe('MONTHLY');
    expect(cycleChangeTarget({ ...live, billingInterval: 'MONTHLY' }, older)).toBe('YEARLY');
    expect(cycleChangeTarget(live, { ...older, monthlyAllowed: false })).toBeNull();
  });

  it('CHK-042 the seat flow sells yearly only', () => {
    expect(cycleChangeTarget(live, { flow: 'seat', monthlyAllowed: true })).toBeNull();
    expect(
      cycleChangeTarget({ ...live, billingInterval: 'MONTHLY' }, { flow: 'seat', monthlyAllowed: false }),
    ).toBe('YEARLY');
  });

  it('BILL-027 no change while one waits in the schedule, nor off Stripe or without renewal', () => {
    const at = { targetBillingInterval: 'MONTHLY' as const, changeTimestamp: '1767268800000' };
    expect(cycleChangeTarget({ ...live, scheduledChanges: at }, older)).toBeNull();
    expect(cycleChangeTarget({ ...live, stripeSubscriptionScheduleId: 'sub_sched_1' }, older)).toBeNull();
    expect(cycleChangeTarget({ ...live, paymentSource: 'OFFLINE' }, older)).toBeNull();
    expect(cycleChangeTarget({ ...live, autoRenew: false }, older)).toBeNull();
  });
});
