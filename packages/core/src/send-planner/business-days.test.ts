import { describe, expect, it } from 'vitest';
import { addWait, followUpWaitSchema, type FollowUpWait } from './business-days';

const utc = (iso: string) => Date.parse(iso);
const after = (
  iso: string,
  wait: Partial<FollowUpWait> & Pick<FollowUpWait, 'amount' | 'unit'>,
  zone: string,
) => new Date(addWait(utc(iso), { businessDaysOnly: false, ...wait }, zone)).toISOString();

describe('a follow-up wait', () => {
  it('counts hours as elapsed time, across a DST change too', () => {
    expect(after('2026-11-25T10:00:00Z', { amount: 5, unit: 'hours' }, 'Europe/Paris')).toBe(
      '2026-11-25T15:00:00.000Z',
    );
    expect(after('2026-03-28T23:00:00Z', { amount: 24, unit: 'hours' }, 'Europe/Paris')).toBe(
      '2026-03-29T23:00:00.000Z',
    );
  });

  it('counts days on the local calendar, keeping the wall-clock time across DST', () => {
    // Paris 10:00 CET on Saturday 2026-03-28 → 10:00 CEST on Monday 2026-03-30 (47 hours later).
    expect(after('2026-03-28T09:00:00Z', { amount: 2, unit: 'days' }, 'Europe/Paris')).toBe(
      '2026-03-30T08:00:00.000Z',
    );
    // Sydney 10:00 AEDT on 2026-04-04 → 10:00 AEST on 2026-04-05.
    expect(after('2026-04-03T23:00:00Z', { amount: 1, unit: 'days' }, 'Australia/Sydney')).toBe(
      '2026-04-05T00:00:00.000Z',
    );
    expect(after('2026-10-31T14:00:00Z', { amount: 1, unit: 'days' }, 'America/New_York')).toBe(
      '2026-11-01T15:00:00.000Z',
    );
  });

  it('skips Saturday and Sunday in business days', () => {
    // Friday 2026-11-27 10:00 Paris.
    const friday = '2026-11-27T09:00:00Z';
    expect(after(friday, { amount: 1, unit: 'days', businessDaysOnly: true }, 'Europe/Paris')).toBe(
      '2026-11-30T09:00:00.000Z',
    );
    expect(after(friday, { amount: 2, unit: 'days', businessDaysOnly: false }, 'Europe/Paris')).toBe(
      '2026-11-29T09:00:00.000Z',
    );
    expect(after(friday, { amount: 6, unit: 'days', businessDaysOnly: true }, 'Europe/Paris')).toBe(
      '2026-12-07T09:00:00.000Z',
    );
    // From a Saturday, the first business day is Monday.
    expect(
      after('2026-11-28T09:00:00Z', { amount: 1, unit: 'days', businessDaysOnly: true }, 'Europe/Paris'),
    ).toBe('2026-11-30T09:00:00.000Z');
    // The weekend is the zone's: Friday 20:00 in New York (Saturday in UTC) + 1 → Monday 20:00 there.
    expect(
      after('2026-11-28T01:00:00Z', { amount: 1, unit: 'days', businessDaysOnly: true }, 'America/New_York'),
    ).toBe('2026-12-01T01:00:00.000Z');
  });

  it('does not count weekend hours in business hours', () => {
    // Friday 20:00 Paris + 6 business hours: 4 on Friday, 2 from Monday midnight (Sunday 23:00Z).
    expect(
      after('2026-11-27T19:00:00Z', { amount: 6, unit: 'hours', businessDaysOnly: true }, 'Europe/Paris'),
    ).toBe('2026-11-30T01:00:00.000Z');
    expect(
      after('2026-11-25T09:00:00Z', { amount: 3, unit: 'hours', businessDaysOnly: true }, 'Europe/Paris'),
    ).toBe('2026-11-25T12:00:00.000Z');
  });
});

describe('the follow-up wait schema', () => {
  const errorsOf = (input: unknown) => {
    const result = followUpWaitSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('takes a whole positive number of hours or days, business days off by default', () => {
    expect(followUpWaitSchema.parse({ amount: 2, unit: 'days' })).toEqual({
      amount: 2,
      unit: 'days',
      businessDaysOnly: false,
    });
    expect(followUpWaitSchema.parse({ amount: 90, unit: 'days', businessDaysOnly: true }).amount).toBe(90);
    expect(followUpWaitSchema.parse({ amount: 2160, unit: 'hours' }).amount).toBe(2160);
  });

  it('refuses zero, negative, fractional and too long waits, naming the wait', () => {
    expect(errorsOf({ amount: 0, unit: 'days' })).toEqual(['The wait must be more than zero']);
    expect(errorsOf({ amount: -3, unit: 'hours' })).toEqual(['The wait must be more than zero']);
    expect(errorsOf({ amount: 1.5, unit: 'days' })).toEqual([
      'The wait must be a whole number of hours or days',
    ]);
    expect(errorsOf({ amount: 91, unit: 'days' })).toEqual(['The wait must be at most 90 days']);
    expect(errorsOf({ amount: 2161, unit: 'hours' })).toEqual(['The wait must be at most 90 days']);
    expect(errorsOf({ amount: 2, unit: 'weeks' })).toEqual(["The wait's unit must be hours or days"]);
  });
});
