import { describe, expect, it } from 'vitest';
import { DAILY_RECIPIENT_QUOTA } from '../constants/limits';
import { quotaDay } from '../merge-engine/daily-quota';
import { addWait } from './business-days';
import { planSends, rowSendGate, type PlannedWindow } from './send-plan';
import { isOpen } from './send-window';

const utc = (iso: string) => Date.parse(iso);
const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());
const rows = (count: number, zone = 'Europe/Paris') => Array.from({ length: count }, () => ({ zone }));
const summary = (plan: ReturnType<typeof planSends>) =>
  plan.days.map(
    (day) => `${day.day} ${day.count} ${iso(day.firstAt)!.slice(11, 16)}–${iso(day.lastAt)!.slice(11, 16)}`,
  );
// Wednesday 2026-11-25, 10:00 UTC: 11:00 in Paris, 19:00 in Tokyo, 05:00 in New York.
const now = utc('2026-11-25T10:00:00Z');
const officeHours = (perRecipient: boolean, senderZone = 'Europe/London'): PlannedWindow => ({
  window: { start: '09:00', end: '17:00', days: [0, 1, 2, 3, 4, 5, 6] },
  perRecipient,
  senderZone,
});

describe('the send plan', () => {
  it('sends a 5,000-row PRO merge over four UTC days, each quota reset at midnight UTC', () => {
    const plan = planSends({ now, rows: rows(5000), dailyLimit: DAILY_RECIPIENT_QUOTA.PRO, usedToday: 0 });
    expect(summary(plan)).toEqual([
      '2026-11-25 1500 10:00–10:00',
      '2026-11-26 1500 00:00–00:00',
      '2026-11-27 1500 00:00–00:00',
      '2026-11-28 500 00:00–00:00',
    ]);
    expect(iso(plan.lastAt)).toBe('2026-11-28T00:00:00.000Z');
    expect(plan.unplanned).toBe(0);
    expect(plan.rowTimes[1499]).toBe(now);
    expect(iso(plan.rowTimes[1500]!)).toBe('2026-11-26T00:00:00.000Z');
  });

  it('starts from what the sender has already used of today’s quota, by the plan', () => {
    const free = planSends({ now, rows: rows(50), dailyLimit: DAILY_RECIPIENT_QUOTA.FREE, usedToday: 15 });
    expect(free.days.map((day) => [day.day, day.count])).toEqual([
      ['2026-11-25', 5],
      ['2026-11-26', 20],
      ['2026-11-27', 20],
      ['2026-11-28', 5],
    ]);
    const spent = planSends({
      now,
      rows: rows(400),
      dailyLimit: DAILY_RECIPIENT_QUOTA.PRO_PERSONAL,
      usedToday: 400,
    });
    expect(summary(spent)).toEqual(['2026-11-26 400 00:00–00:00']);
  });

  it('spreads at most N a day below the quota, counting what the merge sent today', () => {
    const spread = planSends({
      now,
      rows: rows(1000),
      dailyLimit: DAILY_RECIPIENT_QUOTA.PRO_PERSONAL,
      usedToday: 350,
      spreadPerDay: 300,
      mergeSentToday: 20,
    });
    // Today: the quota leaves 50, under the spread's 280; then 300 a day.
    expect(spread.days.map((day) => day.count)).toEqual([50, 300, 300, 300, 50]);
    const aboveQuota = planSends({
      now,
      rows: rows(100),
      dailyLimit: DAILY_RECIPIENT_QUOTA.FREE,
      usedToday: 0,
      spreadPerDay: 50,
    });
    expect(aboveQuota.days.map((day) => day.count)).toEqual([20, 20, 20, 20, 20]);
  });

  it('holds rows outside their own window until it opens, later rows in open zones going first', () => {
    const plan = planSends({
      now,
      rows: [
        { zone: 'Asia/Tokyo' },
        { zone: 'Europe/Paris' },
        { zone: 'America/New_York' },
        { zone: 'Europe/Paris' },
      ],
      dailyLimit: DAILY_RECIPIENT_QUOTA.PRO,
      usedToday: 0,
      window: officeHours(true),
    });
    expect(plan.rowTimes.map(iso)).toEqual([
      '2026-11-26T00:00:00.000Z', // 09:00 in Tokyo tomorrow
      '2026-11-25T10:00:00.000Z', // open now in Paris
      '2026-11-25T14:00:00.000Z', // 09:00 in New York
      '2026-11-25T10:00:00.000Z',
    ]);
    expect(summary(plan)).toEqual(['2026-11-25 3 10:00–14:00', '2026-11-26 1 00:00–00:00']);
  });

  it('lets open rows take the quota before a waiting earlier row, which goes at its first opening of a later day', () => {
    const plan = planSends({
      now,
      rows: [{ zone: 'Asia/Tokyo' }, ...rows(3), { zone: 'America/New_York' }],
      dailyLimit: 3,
      usedToday: 0,
      window: officeHours(true),
    });
    expect(plan.rowTimes.map(iso)).toEqual([
      '2026-11-26T00:00:00.000Z',
      '2026-11-25T10:00:00.000Z',
      '2026-11-25T10:00:00.000Z',
      '2026-11-25T10:00:00.000Z',
      '2026-11-26T14:00:00.000Z',
    ]);
  });

  it("reads the window on the sender's clock for every row when it is not per recipient", () => {
    const plan = planSends({
      now: utc('2026-11-25T18:00:00Z'),
      rows: [{ zone: 'Asia/Tokyo' }, { zone: 'America/New_York' }],
      dailyLimit: DAILY_RECIPIENT_QUOTA.PRO,
      usedToday: 0,
      window: officeHours(false, 'Europe/Paris'),
    });
    expect(plan.rowTimes.map(iso)).toEqual(['2026-11-26T08:00:00.000Z', '2026-11-26T08:00:00.000Z']);
  });

  it('sends a row no earlier than it falls due, rows already due taking the quota first', () => {
    const plan = planSends({
      now,
      rows: [{ zone: 'Europe/Paris', notBefore: utc('2026-11-25T11:00:00Z') }, ...rows(2)],
      dailyLimit: 2,
      usedToday: 0,
    });
    expect(plan.rowTimes.map(iso)).toEqual([
      '2026-11-26T00:00:00.000Z',
      '2026-11-25T10:00:00.000Z',
      '2026-11-25T10:00:00.000Z',
    ]);
  });

  it('plans a follow-up stage from the first send of each row, waits and windows in the recipient’s zone', () => {
    const window = officeHours(true);
    const zones = [{ zone: 'Europe/Paris' }, { zone: 'America/New_York' }, { zone: 'Asia/Tokyo' }];
    const first = planSends({
      now,
      rows: zones,
      dailyLimit: DAILY_RECIPIENT_QUOTA.PRO,
      usedToday: 0,
      window,
    });
    const wait = { amount: 2, unit: 'days', businessDaysOnly: true } as const;
    const stage = planSends({
      now,
      rows: zones.map((row, index) => ({
        ...row,
        notBefore: addWait(first.rowTimes[index]!, wait, row.zone),
      })),
      dailyLimit: DAILY_RECIPIENT_QUOTA.PRO,
      usedToday: 0,
      window,
    });
    // Wednesday's sends come back on Friday at the same local time; Tokyo's Thursday send on Monday.
    expect(stage.rowTimes.map(iso)).toEqual([
      '2026-11-27T10:00:00.000Z',
      '2026-11-27T14:00:00.000Z',
      '2026-11-30T00:00:00.000Z',
    ]);
  });

  it('counts the rows it cannot place within the horizon', () => {
    const plan = planSends({ now, rows: rows(3), dailyLimit: 0, usedToday: 0, horizonDays: 30 });
    expect(plan).toEqual({ days: [], lastAt: null, rowTimes: [null, null, null], unplanned: 3 });
  });

  it('plans 5,000 rows in 40 zones with windows over days, each row inside its window, in sheet order per zone', () => {
    const zones = Intl.supportedValuesOf('timeZone')
      .filter((zone) => zone.includes('/'))
      .filter((_, index) => index % 9 === 0)
      .slice(0, 40);
    const many = Array.from({ length: 5000 }, (_, index) => ({ zone: zones[(index * 7) % zones.length]! }));
    const window: PlannedWindow = {
      window: { start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5] },
      perRecipient: true,
      senderZone: 'UTC',
    };
    const plan = planSends({
      now,
      rows: many,
      dailyLimit: DAILY_RECIPIENT_QUOTA.PRO_PERSONAL,
      usedToday: 0,
      window,
    });

    expect(plan.unplanned).toBe(0);
    expect(plan.days.reduce((sum, day) => sum + day.count, 0)).toBe(5000);
    for (const day of plan.days) expect(day.count).toBeLessThanOrEqual(400);
    const lastInZone = new Map<string, number>();
    many.forEach((row, index) => {
      const at = plan.rowTimes[index]!;
      expect(isOpen(window.window, row.zone, at)).toBe(true);
      expect(at).toBeGreaterThanOrEqual(lastInZone.get(row.zone) ?? 0);
      lastInZone.set(row.zone, at);
      expect(plan.days.find((day) => day.day === quotaDay(at))).toBeDefined();
    });
    expect(plan.lastAt).toBe(Math.max(...plan.rowTimes.map((at) => at!)));
  });
});

describe("the worker's gate for one row", () => {
  const limits = { now, dailyLimit: DAILY_RECIPIENT_QUOTA.PRO, usedToday: 0 };

  it('lets a row go when the quota day has room and its window is open', () => {
    expect(rowSendGate({ ...limits, zone: 'Europe/Paris', window: officeHours(true) })).toEqual({ go: true });
    expect(rowSendGate({ ...limits, zone: 'Asia/Tokyo' })).toEqual({ go: true });
  });

  it("says when a row's window next opens", () => {
    expect(rowSendGate({ ...limits, zone: 'America/New_York', window: officeHours(true) })).toEqual({
      go: false,
      reason: 'WINDOW',
      at: utc('2026-11-25T14:00:00Z'),
    });
  });

  it('holds every row until the quota reset once the day or the spread is spent, then its window', () => {
    const spent = { ...limits, usedToday: DAILY_RECIPIENT_QUOTA.PRO };
    expect(rowSendGate({ ...spent, zone: 'Europe/Paris' })).toEqual({
      go: false,
      reason: 'QUOTA',
      at: utc('2026-11-26T00:00:00Z'),
    });
    expect(rowSendGate({ ...spent, zone: 'America/New_York', window: officeHours(true) })).toEqual({
      go: false,
      reason: 'QUOTA',
      at: utc('2026-11-26T14:00:00Z'),
    });
    expect(rowSendGate({ ...limits, spreadPerDay: 100, mergeSentToday: 100, zone: 'Europe/Paris' }).go).toBe(
      false,
    );
  });

  it('agrees with the plan: every planned row may go at its planned time', () => {
    const many = [...rows(5, 'Asia/Tokyo'), ...rows(5, 'America/Santiago'), ...rows(5)];
    const window = officeHours(true);
    const plan = planSends({ ...limits, rows: many, window });
    many.forEach((row, index) =>
      expect(rowSendGate({ ...limits, now: plan.rowTimes[index]!, zone: row.zone, window })).toEqual({
        go: true,
      }),
    );
  });
});
