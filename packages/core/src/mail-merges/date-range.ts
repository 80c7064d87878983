import type { DateRange } from '../constants/limits';

/**
 * CONST-007: the date filter options as an interval [from, to) in UTC. "Last month" is the
 * previous calendar month; the others end now.
 */
export function dateRangeBounds(range: DateRange, now: Date): { from: Date; to: Date } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  switch (range) {
    case 'LAST_30_DAYS':
      return { from: new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000), to: now };
    case 'LAST_MONTH':
      return { from: new Date(Date.UTC(y, m - 1, 1)), to: new Date(Date.UTC(y, m, 1)) };
    case 'THIS_MONTH':
      return { from: new Date(Date.UTC(y, m, 1)), to: now };
    case 'LAST_12_MONTHS':
      return {
        from: new Date(Date.UTC(y - 1, m, now.getUTCDate(), now.getUTCHours(), now.getUTCMinutes())),
        to: now,
      };
    case 'THIS_YEAR':
      return { from: new Date(Date.UTC(y, 0, 1)), to: now };
  }
}
