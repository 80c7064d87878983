import { describe, expect, it } from 'vitest';
import { parseCheckoutReturn } from '../checkout/checkout-return';
import {
  addSeatsLabel,
  cancelsScheduledRemoval,
  looksUpScheduledRemoval,
  perSeatPerMonth,
  removableSeatTotals,
  removeSeatsLabel,
  seatChangeReturnQuery,
  seatPurchaseSettled,
  seatsLeftToAdd,
  seesScheduledRemoval,
} from './seat-changes';
import { seatChangeFailure } from './seat-change-failure';
import {
  seatPageRedirect,
  seatPageRedirectNotice,
  seatPageRedirectOf,
  seatPageRedirectState,
} from './seat-page-redirect';

describe('seat changes', () => {
  it('SEAT-024 the scheduled-removal lookup runs for PRO, above MEMBER, not for SUPPORT or OFFLINE sources', () => {
    const base = { workspacePlan: 'PRO', role: 'OWNER', paymentSource: 'STRIPE' } as const;
    expect(looksUpScheduledRemoval(base)).toBe(true);
    expect(looksUpScheduledRemoval({ ...base, role: 'ADMIN' })).toBe(true);
    expect(looksUpScheduledRemoval({ ...base, role: 'MEMBER' })).toBe(false);
    expect(looksUpScheduledRemoval({ ...base, workspacePlan: 'PREMIUM' })).toBe(false);
    expect(looksUpScheduledRemoval({ ...base, workspacePlan: 'FREE' })).toBe(false);
    expect(looksUpScheduledRemoval({ ...base, paymentSource: 'SUPPORT' })).toBe(false);
    expect(looksUpScheduledRemoval({ ...base, paymentSource: 'OFFLINE' })).toBe(false);
    expect(looksUpScheduledRemoval({ ...base, paymentSource: 'PAYPAL' })).toBe(true);
  });

  it('SEAT-026 SEAT-027 SEAT-028 (C1) owner and admins see the banner; only the owner cancels', () => {
    expect(seesScheduledRemoval({ workspacePlan: 'PRO', role: 'OWNER' })).toBe(true);
    expect(seesScheduledRemoval({ workspacePlan: 'PRO', role: 'ADMIN' })).toBe(true);
    expect(seesScheduledRemoval({ workspacePlan: 'PRO', role: 'MEMBER' })).toBe(false);
    expect(cancelsScheduledRemoval('OWNER')).toBe(true);
    expect(cancelsScheduledRemoval('ADMIN')).toBe(false);
  });

  it('SEAT-002 SEAT-005 SEAT-006 the seat pages go to billing, saying why: Gmail users, no subscription, a scheduled removal, unlimited seats (a total of -1), or one seat (remove)', () => {
    const base = {
      page: 'add-seats',
      isGmailUser: false,
      seats: { totalSeats: 10, assignedSeats: 3 },
      hasScheduledRemoval: false,
    } as const;
    expect(seatPageRedirect(base)).toBeNull();
    expect(seatPageRedirect({ ...base, page: 'remove-seats' })).toBeNull();
    expect(seatPageRedirect({ ...base, isGmailUser: true })).toBe('gmail-user');
    expect(seatPageRedirect({ ...base, seats: null })).toBe('no-subscription');
    expect(seatPageRedirect({ ...base, hasScheduledRemoval: true })).toBe('scheduled-removal');
    expect(seatPageRedirect({ ...base, seats: { totalSeats: -1, assignedSeats: 3 } })).toBe(
      'unlimited-seats',
    );
    const single = { ...base, seats: { totalSeats: 1, assignedSeats: 1 } };
    expect(seatPageRedirect(single)).toBeNull();
    expect(seatPageRedirect({ ...single, page: 'remove-seats' })).toBe('single-seat');
  });

  it('SEAT-005 SEAT-025 the redirect carries its reason in the navigation state; the notice ends with the spec’s tooltip', () => {
    const state = seatPageRedirectState('remove-seats', 'scheduled-removal');
    expect(seatPageRedirectOf(state)).toEqual({ page: 'remove-seats', reason: 'scheduled-removal' });
    expect(seatPageRedirectOf({ seatPageRedirect: { page: 'add-seats', reason: 'other' } })).toBeNull();
    expect(seatPageRedirectOf(null)).toBeNull();
    const notice = seatPageRedirectNotice('remove-seats', 'scheduled-removal');
    expect(notice.title).toBe('Seats cannot be removed');
    expect(notice.message).toMatch(/Cancel the downgrade first\.$/);
  });

  it('SEAT-007 seats left to add: the maximum of 100 minus the current seats', () => {
    expect(seatsLeftToAdd(10)).toBe(90);
    expect(seatsLeftToAdd(100)).toBe(0);
  });

  it('SEAT-019 SEAT-022 the remove page offers total − 1 down to the assigned seats; nothing when every seat is used', () => {
    expect(removableSeatTotals({ totalSeats: 10, assignedSeats: 7 })).toEqual([9, 8, 7]);
    expect(removableSeatTotals({ totalSeats: 3, assignedSeats: 0 })).toEqual([2, 1]);
    expect(removableSeatTotals({ totalSeats: 5, assignedSeats: 5 })).toEqual([]);
  });

  it('SEAT-013 SEAT-022 the buttons name the seats', () => {
    expect(addSeatsLabel(3)).toBe('Add 3 seats');
    expect(addSeatsLabel(1)).toBe('Add 1 seat');
    expect(removeSeatsLabel(2)).toBe('Remove 2 seats');
  });

  it('SEAT-016 a purchase is settled once the subscription holds the expected seats', () => {
    expect(seatPurchaseSettled(12, 10)).toBe(false);
    expect(seatPurchaseSettled(12, 12)).toBe(true);
    expect(seatPurchaseSettled(12, null)).toBe(true);
  });

  it('SEAT-017 SEAT-023 the return query is one the billing page reads as a seat change', () => {
    const added = new URLSearchParams(seatChangeReturnQuery('added', 3));
    expect(added.get('checkout')).toBe('success');
    expect(parseCheckoutReturn(added, 'PRO')).toEqual({ type: 2, seats: 3 });
    expect(parseCheckoutReturn(new URLSearchParams(seatChangeReturnQuery('removed', 4)), 'PRO')).toEqual({
      type: 3,
      seats: 4,
    });
  });

  it('SEAT-009 the price per seat per month of a yearly plan is the next payment / seats / 12', () => {
    expect(perSeatPerMonth({ nextPayment: 72_000, seats: 12, interval: 'YEARLY' })).toBe(500);
    expect(perSeatPerMonth({ nextPayment: 2_000, seats: 2, interval: 'MONTHLY' })).toBe(1_000);
  });
});

describe('seat change failures', () => {
  it('SEAT-018 each refusal keeps its key; anything else is the server-error key with the checkout text', () => {
    expect(seatChangeFailure('max_users_reached')).toEqual({
      key: 'max_users_reached',
      message: 'Your current plan allows a maximum of 100 paid users.',
    });
    expect(seatChangeFailure('seats_in_use').message).toBe(
      'You need to remove members before removing seats.',
    );
    expect(seatChangeFailure('payment_failed').message).toBe('Your last payment attempt failed');
    expect(seatChangeFailure('internal')).toEqual({
      key: 'server-error',
      message: 'An error occurred. Please try again.',
    });
  });
});
