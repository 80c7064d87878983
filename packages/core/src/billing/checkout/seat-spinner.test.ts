import { describe, expect, it } from 'vitest';
import {
  canLeaveSeatPage,
  canPreviewSeats,
  digitsOnly,
  legacyUsersError,
  SEAT_CHOICES,
  SEAT_CONTACT_TEXT,
  seatChoiceOf,
  seatRangeError,
  showsSeatContact,
  showsSeatPrice,
  TEAM_SEATS,
} from './seat-spinner';

describe('seat spinner', () => {
  it('CHK-007 SEAT-032 a team takes whole numbers from 2 to 100, contact beyond', () => {
    expect(TEAM_SEATS).toEqual({ min: 2, max: 100 });
    expect(seatRangeError(2, TEAM_SEATS)).toBeNull();
    expect(seatRangeError(100, TEAM_SEATS)).toBeNull();
    expect(seatRangeError(101, TEAM_SEATS)).not.toBeNull();
    expect(seatRangeError(2.5, TEAM_SEATS)).not.toBeNull();
    expect(seatRangeError(null, TEAM_SEATS)).not.toBeNull();
    expect(SEAT_CONTACT_TEXT).toBe('Contact us if you need more than 100 seats');
  });

  it('CHK-008 typing or pasting keeps digits only', () => {
    expect(digitsOnly('1e2')).toBe('12');
    expect(digitsOnly('-5.0')).toBe('50');
    expect(digitsOnly(' 7 seats')).toBe('7');
  });

  it('CHK-009 the messages name the bounds, or the only number allowed', () => {
    expect(seatRangeError(1, TEAM_SEATS)).toBe('The number must be between 2 and 100.');
    expect(seatRangeError(4, { min: 3, max: 3 })).toBe('The only allowed number is 3.');
  });

  it('CHK-010 Next waits for a valid count and the price', () => {
    expect(canLeaveSeatPage({ seatError: null, priceLoading: false })).toBe(true);
    expect(canLeaveSeatPage({ seatError: null, priceLoading: true })).toBe(false);
    expect(
      canLeaveSeatPage({ seatError: 'The number must be between 2 and 100.', priceLoading: false }),
    ).toBe(false);
  });

  it('CHK-011 CHK-005 no price lines at 0 seats; the contact box at 100', () => {
    expect(showsSeatPrice(0)).toBe(false);
    expect(showsSeatPrice(1)).toBe(true);
    expect(showsSeatContact(99)).toBe(false);
    expect(showsSeatContact(100)).toBe(true);
  });

  it('CHK-002 CHK-003 For myself is 1 seat, For a team starts at 2', () => {
    expect(SEAT_CHOICES.myself).toEqual({ label: 'For myself', seats: 1 });
    expect(SEAT_CHOICES.team).toEqual({ label: 'For a team', seats: 2 });
    expect(seatChoiceOf(1)).toBe('myself');
    expect(seatChoiceOf(7)).toBe('team');
  });

  it('CHK-071 a v2 preview only when every seat plan has a number', () => {
    expect(canPreviewSeats([{ quantity: 3 }, { quantity: 1 }])).toBe(true);
    expect(canPreviewSeats([{ quantity: 3 }, { quantity: null }])).toBe(false);
    expect(canPreviewSeats([{ quantity: Number.NaN }])).toBe(false);
    expect(canPreviewSeats([])).toBe(false);
  });

  it('CHK-089 the legacy users step takes 1 to the Pro allowed user count', () => {
    expect(legacyUsersError(1, 5)).toBeNull();
    expect(legacyUsersError(5, 5)).toBeNull();
    expect(legacyUsersError(0, 5)).toBe('The number must be between 1 and 5.');
    expect(legacyUsersError(2, 1)).toBe('The only allowed number is 1.');
  });
});
