import { describe, expect, it } from 'vitest';
import { mergeSendSchema } from './merge-contracts';

/** The messages a caller reads for a bad `send` (the server answers `body.send: <message>`). */
function problems(send: unknown): string[] | undefined {
  return mergeSendSchema.safeParse(send).error?.issues.map((issue) => issue.message);
}

describe("createMerge's send", () => {
  it('takes now, or a schedule with a time and an IANA time zone', () => {
    expect(mergeSendSchema.parse({ mode: 'now' })).toEqual({ mode: 'now' });
    const at = Date.UTC(2030, 0, 1);
    expect(mergeSendSchema.parse({ mode: 'schedule', at, timeZone: 'Europe/Brussels' })).toEqual({
      mode: 'schedule',
      at,
      timeZone: 'Europe/Brussels',
    });
  });

  it("names the schedule's problems rather than a bare 'Invalid input'", () => {
    expect(problems({ mode: 'schedule' })).toEqual([
      'at must be a time in epoch milliseconds; timeZone must be an IANA time zone',
    ]);
    expect(problems({ mode: 'schedule', at: 1.5, timeZone: 'Mars/Olympus' })).toEqual([
      'at must be a time in epoch milliseconds; timeZone must be an IANA time zone',
    ]);
    expect(problems({ mode: 'schedule', at: Date.now(), timeZone: 'Mars/Olympus' })).toEqual([
      'timeZone must be an IANA time zone',
    ]);
  });

  it('refuses a time past the year 9999, which no date field shows (and past 8.64e15 no Date holds)', () => {
    expect(
      problems({ mode: 'schedule', at: Date.UTC(9999, 11, 31, 23, 59), timeZone: 'UTC' }),
    ).toBeUndefined();
    expect(problems({ mode: 'schedule', at: Date.UTC(10_000, 0, 1), timeZone: 'UTC' })).toEqual([
      'at must be a time before the year 10000',
    ]);
    expect(problems({ mode: 'schedule', at: 9e15, timeZone: 'UTC' })).toEqual([
      'at must be a time before the year 10000',
    ]);
  });

  it('names the modes for an unknown mode or no object at all', () => {
    expect(problems({ mode: 'later' })).toEqual(["mode must be 'now' or 'schedule'"]);
    expect(problems({})).toEqual(["mode must be 'now' or 'schedule'"]);
    expect(problems('now')).toEqual(["send must be { mode: 'now' } or { mode: 'schedule', at, timeZone }"]);
  });
});
