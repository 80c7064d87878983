/**
 * Wall-clock arithmetic in a time zone with nothing but Intl.DateTimeFormat (no date library: the
 * planner runs in the browser too). A "local ms" is the zone's wall-clock reading written as if it
 * were UTC (Date.UTC of the local fields), which lets local dates and times be added with plain
 * Date.UTC arithmetic and converted back once.
 *
 * A zone is an IANA name or a fixed offset written '+HH:MM' / '-HH:MM' (see recipient-time-zone.ts
 * for why not Etc/GMT±N).
 */
export type TimeZone = string;

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

const FIXED_OFFSET = /^([+-])(\d{2}):(\d{2})$/;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: TimeZone): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The fixed offset of a '+HH:MM' zone in minutes, or null for an IANA name. */
export function fixedOffsetMinutes(zone: TimeZone): number | null {
  const match = FIXED_OFFSET.exec(zone);
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** The zone's offset from UTC at the instant `at`, in ms (positive east of Greenwich). */
export function offsetMs(zone: TimeZone, at: number): number {
  const fixed = fixedOffsetMinutes(zone);
  if (fixed !== null) return fixed * MINUTE_MS;
  const fields: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(at)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const local = Date.UTC(
    fields.year!,
    fields.month! - 1,
    fields.day!,
    fields.hour!,
    fields.minute!,
    fields.second!,
  );
  return local - Math.floor(at / 1000) * 1000;
}

/** The zone's wall-clock reading at `at`, as local ms. */
export function toLocalMs(zone: TimeZone, at: number): number {
  return at + offsetMs(zone, at);
}

/**
 * The first instant at which the zone's clock reads `localMs`. In a repeated hour (clocks going
 * back) that is the first of the two readings; in a skipped hour (clocks going forward) the clock
 * never reads it, and the answer is the first instant after the jump — so a window from 02:30 on
 * the night Paris skips 02:00–03:00 opens at 03:00, the first moment the clock is past 02:30.
 */
export function fromLocalMs(zone: TimeZone, localMs: number): number {
  const fixed = fixedOffsetMinutes(zone);
  if (fixed !== null) return localMs - fixed * MINUTE_MS;
  // The offsets either side of any transition near this reading (clocks change at most once in
  // three days), probed at the local day's edges so that the readings of one day share the probes.
  const day = localDayStart(localMs);
  const before = probedOffsetMs(zone, day - DAY_MS);
  const after = probedOffsetMs(zone, day + 2 * DAY_MS);
  if (before === after) return localMs - before;
  const valid = [localMs - before, localMs - after].filter((at) => offsetMs(zone, at) === localMs - at);
  if (valid.length > 0) return Math.min(...valid);
  // A skipped reading: find the transition, a whole minute between the two candidate instants.
  let lo = Math.floor((localMs - after) / MINUTE_MS);
  let hi = Math.ceil((localMs - before) / MINUTE_MS);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetMs(zone, mid * MINUTE_MS) === after) hi = mid;
    else lo = mid;
  }
  return hi * MINUTE_MS;
}

// Formatting is the planner's main cost (a 5,000-row plan converts thousands of window edges), and
// the same probes recur for every reading of a day; bounded, since a server process lives long.
const probes = new Map<string, number>();
const MAX_PROBES = 50_000;

function probedOffsetMs(zone: TimeZone, at: number): number {
  const key = `${zone} ${at}`;
  let offset = probes.get(key);
  if (offset === undefined) {
    if (probes.size >= MAX_PROBES) probes.clear();
    offset = offsetMs(zone, at);
    probes.set(key, offset);
  }
  return offset;
}

/** Midnight of the local day holding `localMs`, as local ms. */
export function localDayStart(localMs: number): number {
  return Math.floor(localMs / DAY_MS) * DAY_MS;
}

/** 0 = Sunday … 6 = Saturday, of a local ms. */
export function localWeekday(localMs: number): number {
  return new Date(localMs).getUTCDay();
}
