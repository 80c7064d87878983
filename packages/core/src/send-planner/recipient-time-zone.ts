import { COUNTRY_MAIN_ZONE } from './country-zones';
import type { TimeZone } from './zone-clock';

/** How a sheet cell was read as a time zone. */
export type RecipientZoneSource = 'IANA' | 'OFFSET' | 'COUNTRY' | 'FALLBACK';

export interface ResolvedRecipientZone {
  zone: TimeZone;
  /** True when the cell was empty or unreadable and the sender's zone was used instead. */
  fallback: boolean;
  source: RecipientZoneSource;
}

// 'UTC+2', 'GMT-05:30', '+0530', '−5' (a typographic minus, as spreadsheets write it), 'Z+1'.
const OFFSET_CELL = /^(?:UTC|GMT|Z)?\s*([+\-\u2212])\s*(\d{1,2})(?::?(\d{2}))?$/i;
const UTC_CELL = /^(?:UTC|GMT|Z)$/i;
// Offsets in use run from -12:00 (Baker Island) to +14:00 (Kiribati).
const MIN_OFFSET = -12 * 60;
const MAX_OFFSET = 14 * 60;

/**
 * A fixed UTC offset, as the zone '+HH:MM' (what ECMA-402 accepts as a time zone too). Not
 * Etc/GMT±N: those names cover whole hours only (India is +05:30) and their signs are inverted
 * (Etc/GMT-2 is two hours east), a trap for whoever reads the stored value.
 */
export function offsetZone(minutes: number): TimeZone {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

function readOffset(cell: string): TimeZone | null {
  if (UTC_CELL.test(cell)) return 'UTC';
  const match = OFFSET_CELL.exec(cell);
  if (!match) return null;
  const minutesPart = Number(match[3] ?? '0');
  if (minutesPart >= 60) return null;
  const magnitude = Number(match[2]) * 60 + minutesPart;
  const minutes = match[1] === '+' ? magnitude : -magnitude;
  if (minutes < MIN_OFFSET || minutes > MAX_OFFSET) return null;
  return offsetZone(minutes);
}

// A sheet repeats the same few zones over thousands of rows, and Intl takes tens of µs a lookup.
const ianaNames = new Map<string, TimeZone | null>();
const MAX_CACHED_NAMES = 10_000;

/** An IANA name in its canonical spelling, matched whatever its case, or null. */
function readIanaName(cell: string): TimeZone | null {
  // Intl also accepts offsets ('+02:00'); those are read above, so only names reach here.
  if (!/^[A-Za-z]/.test(cell)) return null;
  const cached = ianaNames.get(cell);
  if (cached !== undefined) return cached;
  let name: TimeZone | null;
  try {
    name = new Intl.DateTimeFormat('en-US', { timeZone: cell }).resolvedOptions().timeZone;
  } catch {
    name = null;
  }
  if (ianaNames.size >= MAX_CACHED_NAMES) ianaNames.clear();
  ianaNames.set(cell, name);
  return name;
}

/**
 * A recipient's time zone from a sheet cell: an IANA name ('Europe/Paris', any case), a UTC offset
 * ('+02:00', '-0530', 'UTC+2', 'GMT-5', 'UTC') or an ISO 3166-1 alpha-2 country code ('FR', 'us'),
 * read as that country's main zone. Anything else, empty included, is the sender's zone with
 * `fallback: true`, for the composer to count and show. Never throws.
 */
export function resolveRecipientZone(cell: unknown, senderZone: TimeZone): ResolvedRecipientZone {
  const text = typeof cell === 'string' ? cell.trim() : typeof cell === 'number' ? String(cell) : '';
  const fallback: ResolvedRecipientZone = { zone: senderZone, fallback: true, source: 'FALLBACK' };
  if (text === '') return fallback;
  const offset = readOffset(text);
  if (offset) return { zone: offset, fallback: false, source: 'OFFSET' };
  // Country codes before names: two letters are never meant as the tz database's old 'GB' or 'NZ'
  // links, and both would name the same zone anyway.
  if (/^[A-Za-z]{2}$/.test(text)) {
    const country = COUNTRY_MAIN_ZONE[text.toUpperCase()];
    return country ? { zone: country, fallback: false, source: 'COUNTRY' } : fallback;
  }
  const name = readIanaName(text);
  return name ? { zone: name, fallback: false, source: 'IANA' } : fallback;
}
