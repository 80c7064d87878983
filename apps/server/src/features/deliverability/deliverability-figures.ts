import { rateOf, type DeliverabilityFigures } from '@mergeboard/core';

/** The four counts of a span of days (or one day), before the rates are worked out. */
export interface Counts {
  sent: number;
  hardBounced: number;
  complained: number;
  unsubscribed: number;
}

export const noCounts = (): Counts => ({ sent: 0, hardBounced: 0, complained: 0, unsubscribed: 0 });

export function addCounts(into: Counts, row: Counts): void {
  into.sent += row.sent;
  into.hardBounced += row.hardBounced;
  into.complained += row.complained;
  into.unsubscribed += row.unsubscribed;
}

/** Counts with their rates (each over the messages sent). */
export function figuresOf(counts: Counts): DeliverabilityFigures {
  return {
    ...counts,
    hardBounceRate: rateOf(counts.hardBounced, counts.sent),
    complaintRate: rateOf(counts.complained, counts.sent),
    unsubscribeRate: rateOf(counts.unsubscribed, counts.sent),
  };
}

const DAY_MS = 86_400_000;

/** The UTC day `days - 1` days before `now`'s (so a window of `days` days ends today), YYYY-MM-DD. */
export function firstDayOf(now: Date, days: number): string {
  return new Date(now.getTime() - (days - 1) * DAY_MS).toISOString().slice(0, 10);
}

/** Every UTC day from `firstDay` to `now`'s, oldest first. */
export function daysFrom(firstDay: string, now: Date): string[] {
  const today = now.toISOString().slice(0, 10);
  const days: string[] = [];
  for (let t = Date.parse(`${firstDay}T00:00:00Z`); ; t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10);
    days.push(day);
    if (day >= today) return days;
  }
}
