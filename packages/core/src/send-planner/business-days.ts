import { z } from 'zod';
import { DAY_MS, fromLocalMs, localDayStart, localWeekday, toLocalMs, type TimeZone } from './zone-clock';

const HOUR_MS = 3_600_000;

/** The longest follow-up wait: a quarter of a year, past which a 'follow-up' is a new merge. */
export const MAX_FOLLOW_UP_WAIT_DAYS = 90;

export const FOLLOW_UP_WAIT_UNITS = ['hours', 'days'] as const;

/** How long a follow-up stage waits after the previous stage (issue 27). */
export const followUpWaitSchema = z
  .object({
    amount: z
      .number({ error: 'The wait must be a number' })
      .int({ error: 'The wait must be a whole number of hours or days' })
      .positive({ error: 'The wait must be more than zero' }),
    unit: z.enum(FOLLOW_UP_WAIT_UNITS, { error: "The wait's unit must be hours or days" }),
    businessDaysOnly: z.boolean().default(false),
  })
  .refine(
    (wait) => wait.amount <= (wait.unit === 'days' ? MAX_FOLLOW_UP_WAIT_DAYS : MAX_FOLLOW_UP_WAIT_DAYS * 24),
    {
      error: `The wait must be at most ${MAX_FOLLOW_UP_WAIT_DAYS} days`,
      path: ['amount'],
    },
  )
  .meta({ id: 'FollowUpWait' });
export type FollowUpWait = z.output<typeof followUpWaitSchema>;

export function isBusinessDay(weekday: number): boolean {
  return weekday !== 0 && weekday !== 6;
}

/** `days` days (or business days) after the local day of `localMs`, at the same wall-clock time. */
function addLocalDays(localMs: number, days: number, businessDaysOnly: boolean): number {
  if (!businessDaysOnly) return localMs + days * DAY_MS;
  let result = localMs;
  for (let counted = 0; counted < days;) {
    result += DAY_MS;
    if (isBusinessDay(localWeekday(result))) counted += 1;
  }
  return result;
}

/** `hours` hours after `at`, counting no time on Saturdays and Sundays (in the zone) when asked. */
function addHours(at: number, hours: number, zone: TimeZone, businessDaysOnly: boolean): number {
  if (!businessDaysOnly) return at + hours * HOUR_MS;
  let now = at;
  let remaining = hours * HOUR_MS;
  for (;;) {
    const local = toLocalMs(zone, now);
    const nextMidnight = fromLocalMs(zone, localDayStart(local) + DAY_MS);
    if (isBusinessDay(localWeekday(local))) {
      if (now + remaining <= nextMidnight) return now + remaining;
      remaining -= nextMidnight - now;
    }
    now = nextMidnight;
  }
}

/**
 * When a follow-up stage falls due, `wait` after `at`, in the zone whose calendar counts: hours are
 * elapsed time; days keep the local wall-clock time across a DST change (a day can be 23 or 25
 * hours). Business days skip Saturday and Sunday: Friday 10:00 plus one business day is Monday
 * 10:00, and with hours the weekend's hours do not count. Public holidays are not known.
 */
export function addWait(at: number, wait: FollowUpWait, zone: TimeZone): number {
  if (wait.unit === 'hours') return addHours(at, wait.amount, zone, wait.businessDaysOnly);
  return fromLocalMs(zone, addLocalDays(toLocalMs(zone, at), wait.amount, wait.businessDaysOnly));
}
