import { z } from 'zod';
import {
  DAY_MS,
  MINUTE_MS,
  fromLocalMs,
  localDayStart,
  localWeekday,
  toLocalMs,
  type TimeZone,
} from './zone-clock';

export const WEEKDAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

function minutesOf(time: string): number {
  if (time === '24:00') return 24 * 60;
  const match = TIME.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
}

const BAD_DAY = { error: 'The window days must be weekdays, 0 (Sunday) to 6 or SUN to SAT' };
const weekdaySchema = z.union(
  [
    z.number().int(BAD_DAY).min(0, BAD_DAY).max(6, BAD_DAY),
    z.enum(WEEKDAY_NAMES).transform((name) => WEEKDAY_NAMES.indexOf(name)),
  ],
  BAD_DAY,
);

/**
 * 'Send only between start and end on these days', read on a clock in some zone (the sender's or
 * each recipient's). Days are 0 (Sunday) … 6 or 'SUN' … 'SAT', kept as sorted numbers; end may be
 * '24:00' for 'until midnight'. A window never crosses midnight: two windows would be two stages.
 */
export const sendWindowSchema = z
  .object({
    start: z.string().regex(TIME, { error: 'The window start must be a time written HH:MM' }),
    end: z.string().refine((value) => value === '24:00' || TIME.test(value), {
      error: 'The window end must be a time written HH:MM',
    }),
    days: z
      .array(weekdaySchema, { error: 'The window days must be a list of weekdays' })
      .min(1, { error: 'The window must name at least one day' })
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  })
  .refine((window) => !(minutesOf(window.end) <= minutesOf(window.start)), {
    error: 'The window must end after it starts',
    path: ['end'],
  })
  .meta({ id: 'SendWindow' });
export type SendWindow = z.output<typeof sendWindowSchema>;
export type SendWindowInput = z.input<typeof sendWindowSchema>;

/** One day's opening of a window: open from `start` (inclusive) to `end` (exclusive), epoch ms. */
export interface WindowInterval {
  start: number;
  end: number;
}

/**
 * The window's first interval that has not ended by `at` (it may already be open). A day's interval
 * runs from the first instant the zone's clock reads the start to the first instant it reads the
 * end (see fromLocalMs): across a skipped hour the day's window is an hour shorter, across a
 * repeated hour an hour longer, and an edge inside the skipped hour moves to the end of the jump.
 */
export function nextWindowInterval(window: SendWindow, zone: TimeZone, at: number): WindowInterval {
  const startMinutes = minutesOf(window.start);
  const endMinutes = minutesOf(window.end);
  // From the local day before: where clocks go back at midnight (America/Santiago) a local date
  // comes round twice, so the previous day's window may still be open.
  const firstDay = localDayStart(toLocalMs(zone, at)) - DAY_MS;
  for (let day = firstDay; day <= firstDay + 8 * DAY_MS; day += DAY_MS) {
    if (!window.days.includes(localWeekday(day))) continue;
    const end = fromLocalMs(zone, day + endMinutes * MINUTE_MS);
    if (end <= at) continue;
    const start = fromLocalMs(zone, day + startMinutes * MINUTE_MS);
    // A window lying wholly inside a skipped hour does not open that day.
    if (start < end) return { start, end };
  }
  throw new RangeError('The window must name at least one day');
}

/** The first instant at or after `at` inside the window: `at` itself when the window is open. */
export function nextOpening(window: SendWindow, zone: TimeZone, at: number): number {
  return Math.max(at, nextWindowInterval(window, zone, at).start);
}

export function isOpen(window: SendWindow, zone: TimeZone, at: number): boolean {
  return nextWindowInterval(window, zone, at).start <= at;
}
