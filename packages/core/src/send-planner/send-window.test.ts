import { describe, expect, it } from 'vitest';
import { isOpen, nextOpening, sendWindowSchema, type SendWindow } from './send-window';

const utc = (iso: string) => Date.parse(iso);
const window = (
  start: string,
  end: string,
  days: SendWindow['days'] = [0, 1, 2, 3, 4, 5, 6],
): SendWindow => ({
  start,
  end,
  days,
});
const opening = (w: SendWindow, zone: string, iso: string) =>
  new Date(nextOpening(w, zone, utc(iso))).toISOString();

describe('a send window', () => {
  const office = window('09:00', '17:00', [1, 2, 3, 4, 5]);

  it('is open from its start to just before its end, on its days, on the clock of its zone', () => {
    // Wednesday 2026-11-25, Paris is UTC+1.
    expect(isOpen(office, 'Europe/Paris', utc('2026-11-25T08:00:00Z'))).toBe(true);
    expect(isOpen(office, 'Europe/Paris', utc('2026-11-25T07:59:59Z'))).toBe(false);
    expect(isOpen(office, 'Europe/Paris', utc('2026-11-25T15:59:59Z'))).toBe(true);
    expect(isOpen(office, 'Europe/Paris', utc('2026-11-25T16:00:00Z'))).toBe(false);
    expect(isOpen(office, 'Europe/Paris', utc('2026-11-28T10:00:00Z'))).toBe(false);
  });

  it('opens now when open, else at its next start, skipping days it does not name', () => {
    expect(opening(office, 'Europe/Paris', '2026-11-25T10:00:00Z')).toBe('2026-11-25T10:00:00.000Z');
    expect(opening(office, 'Europe/Paris', '2026-11-25T05:00:00Z')).toBe('2026-11-25T08:00:00.000Z');
    // Friday evening → Monday 09:00.
    expect(opening(office, 'Europe/Paris', '2026-11-27T17:00:00Z')).toBe('2026-11-30T08:00:00.000Z');
    expect(opening(office, 'America/New_York', '2026-11-27T23:00:00Z')).toBe('2026-11-30T14:00:00.000Z');
  });

  it('reads fixed-offset zones', () => {
    expect(opening(office, '+05:30', '2026-11-25T00:00:00Z')).toBe('2026-11-25T03:30:00.000Z');
    expect(opening(office, '-03:00', '2026-11-25T00:00:00Z')).toBe('2026-11-25T12:00:00.000Z');
  });

  it('keeps local hours across the spring and autumn changes in Paris, New York, Sydney and Santiago', () => {
    const everyDay = window('09:00', '17:00');
    // Paris: CET (+1) before 2026-03-29, CEST (+2) after; back to CET on 2026-10-25.
    expect(opening(everyDay, 'Europe/Paris', '2026-03-28T18:00:00Z')).toBe('2026-03-29T07:00:00.000Z');
    expect(opening(everyDay, 'Europe/Paris', '2026-10-24T18:00:00Z')).toBe('2026-10-25T08:00:00.000Z');
    // New York: EST (-5) to EDT (-4) on 2026-03-08, back on 2026-11-01.
    expect(opening(everyDay, 'America/New_York', '2026-03-07T23:00:00Z')).toBe('2026-03-08T13:00:00.000Z');
    expect(opening(everyDay, 'America/New_York', '2026-10-31T23:00:00Z')).toBe('2026-11-01T14:00:00.000Z');
    // Sydney, southern hemisphere: AEDT (+11) to AEST (+10) on 2026-04-05, forward again on 2026-10-04.
    expect(opening(everyDay, 'Australia/Sydney', '2026-04-04T08:00:00Z')).toBe('2026-04-04T23:00:00.000Z');
    expect(opening(everyDay, 'Australia/Sydney', '2026-04-03T08:00:00Z')).toBe('2026-04-03T22:00:00.000Z');
    expect(opening(everyDay, 'Australia/Sydney', '2026-10-03T08:00:00Z')).toBe('2026-10-03T22:00:00.000Z');
    expect(opening(everyDay, 'Australia/Sydney', '2026-10-02T08:00:00Z')).toBe('2026-10-02T23:00:00.000Z');
    // Santiago: -3 to -4 at midnight starting 2026-04-05, back to -3 at midnight starting 2026-09-06.
    expect(opening(everyDay, 'America/Santiago', '2026-04-04T22:00:00Z')).toBe('2026-04-05T13:00:00.000Z');
    expect(opening(everyDay, 'America/Santiago', '2026-09-05T22:00:00Z')).toBe('2026-09-06T12:00:00.000Z');
  });

  it('opens at the end of a skipped hour when its start falls inside it', () => {
    // Paris skips 02:00–03:00 on 2026-03-29: the clock is first past 02:30 at 03:00 CEST (01:00Z).
    const night = window('02:30', '05:00');
    expect(opening(night, 'Europe/Paris', '2026-03-28T23:00:00Z')).toBe('2026-03-29T01:00:00.000Z');
    // New York skips 02:00–03:00 on 2026-03-08: 03:00 EDT is 07:00Z.
    expect(opening(night, 'America/New_York', '2026-03-08T05:00:00Z')).toBe('2026-03-08T07:00:00.000Z');
    // And repeats 01:00–02:00 on 2026-11-01: a window ending at 01:30 closes at the first 01:30 (05:30Z).
    expect(isOpen(window('00:00', '01:30'), 'America/New_York', utc('2026-11-01T05:29:00Z'))).toBe(true);
    expect(isOpen(window('00:00', '01:30'), 'America/New_York', utc('2026-11-01T06:15:00Z'))).toBe(false);
    // Sydney skips 02:00–03:00 on 2026-10-04 (16:00Z the day before).
    expect(opening(night, 'Australia/Sydney', '2026-10-03T12:00:00Z')).toBe('2026-10-03T16:00:00.000Z');
    // Santiago skips 00:00–01:00 on 2026-09-06: a midnight window opens at 01:00 (04:00Z).
    expect(opening(window('00:00', '08:00'), 'America/Santiago', '2026-09-06T02:00:00Z')).toBe(
      '2026-09-06T04:00:00.000Z',
    );
  });

  it('does not open on a day its whole span is skipped', () => {
    const skipped = window('02:10', '02:50');
    expect(opening(skipped, 'Europe/Paris', '2026-03-28T23:00:00Z')).toBe('2026-03-30T00:10:00.000Z');
  });

  it('opens and closes at the first reading of a repeated hour', () => {
    // Paris repeats 02:00–03:00 on 2026-10-25: 02:30 is first read at 00:30Z (CEST).
    const night = window('02:30', '05:00');
    expect(opening(night, 'Europe/Paris', '2026-10-24T22:00:00Z')).toBe('2026-10-25T00:30:00.000Z');
    // A window ending at 02:30 closes at the first 02:30 and does not reopen in the repeat.
    const early = window('00:00', '02:30');
    expect(isOpen(early, 'Europe/Paris', utc('2026-10-25T00:29:00Z'))).toBe(true);
    expect(isOpen(early, 'Europe/Paris', utc('2026-10-25T01:15:00Z'))).toBe(false);
    expect(opening(early, 'Europe/Paris', '2026-10-25T01:15:00Z')).toBe('2026-10-25T23:00:00.000Z');
    // Sydney repeats 02:00–03:00 on 2026-04-05 (15:00Z–16:00Z read twice).
    expect(opening(night, 'Australia/Sydney', '2026-04-04T12:00:00Z')).toBe('2026-04-04T15:30:00.000Z');
  });

  it("stays open through Santiago's repeated hour before midnight", () => {
    // 2026-04-04 23:00–24:00 is read twice; a window to 24:00 lasts until the second midnight.
    const evening = window('20:00', '24:00');
    expect(isOpen(evening, 'America/Santiago', utc('2026-04-05T03:30:00Z'))).toBe(true);
    expect(opening(evening, 'America/Santiago', '2026-04-05T04:00:00Z')).toBe('2026-04-06T00:00:00.000Z');
  });
});

describe('the send window schema', () => {
  const errorsOf = (input: unknown) => {
    const result = sendWindowSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('takes weekday numbers or names, sorted and without repeats', () => {
    expect(sendWindowSchema.parse({ start: '09:00', end: '17:30', days: ['FRI', 'MON', 1, 3] })).toEqual({
      start: '09:00',
      end: '17:30',
      days: [1, 3, 5],
    });
    expect(sendWindowSchema.parse({ start: '00:00', end: '24:00', days: [0] }).end).toBe('24:00');
  });

  it('refuses an end before or equal to the start, bad times and no days, naming the field', () => {
    expect(errorsOf({ start: '17:00', end: '09:00', days: [1] })).toEqual([
      'The window must end after it starts',
    ]);
    expect(errorsOf({ start: '09:00', end: '09:00', days: [1] })).toEqual([
      'The window must end after it starts',
    ]);
    expect(errorsOf({ start: '9am', end: '17:00', days: [1] })).toEqual([
      'The window start must be a time written HH:MM',
    ]);
    expect(errorsOf({ start: '09:00', end: '25:00', days: [1] })).toEqual([
      'The window end must be a time written HH:MM',
    ]);
    expect(errorsOf({ start: '09:00', end: '17:00', days: [] })).toEqual([
      'The window must name at least one day',
    ]);
    expect(errorsOf({ start: '09:00', end: '17:00', days: ['Funday', 7] })).toEqual([
      'The window days must be weekdays, 0 (Sunday) to 6 or SUN to SAT',
      'The window days must be weekdays, 0 (Sunday) to 6 or SUN to SAT',
    ]);
  });
});
