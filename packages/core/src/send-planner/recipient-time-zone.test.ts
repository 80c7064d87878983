import { describe, expect, it } from 'vitest';
import { COUNTRY_MAIN_ZONE } from './country-zones';
import { offsetZone, resolveRecipientZone } from './recipient-time-zone';

const sender = 'Europe/London';
const zoneOf = (cell: unknown) => resolveRecipientZone(cell, sender);

describe("a recipient's time zone read from a sheet cell", () => {
  it('reads IANA names whatever their case, in the canonical spelling', () => {
    expect(zoneOf('Europe/Paris')).toEqual({ zone: 'Europe/Paris', fallback: false, source: 'IANA' });
    expect(zoneOf('  america/new_york ').zone).toBe('America/New_York');
    expect(zoneOf('AUSTRALIA/SYDNEY').zone).toBe('Australia/Sydney');
  });

  it('reads UTC offsets in the ways sheets write them, as +HH:MM zones', () => {
    expect(zoneOf('+02:00')).toEqual({ zone: '+02:00', fallback: false, source: 'OFFSET' });
    expect(zoneOf('-0530').zone).toBe('-05:30');
    expect(zoneOf('UTC+2').zone).toBe('+02:00');
    expect(zoneOf('GMT-5').zone).toBe('-05:00');
    expect(zoneOf('utc +5:45').zone).toBe('+05:45');
    expect(zoneOf('\u22123').zone).toBe('-03:00');
    expect(zoneOf('UTC').zone).toBe('UTC');
    expect(zoneOf('gmt').zone).toBe('UTC');
  });

  it("reads country codes as the country's main zone, the most populous for a multi-zone country", () => {
    expect(zoneOf('FR')).toEqual({ zone: 'Europe/Paris', fallback: false, source: 'COUNTRY' });
    expect(zoneOf('us').zone).toBe('America/New_York');
    expect(zoneOf('RU').zone).toBe('Europe/Moscow');
    expect(zoneOf('BR').zone).toBe('America/Sao_Paulo');
    expect(zoneOf('AU').zone).toBe('Australia/Sydney');
    expect(zoneOf('CA').zone).toBe('America/Toronto');
    expect(zoneOf('IN').zone).toBe('Asia/Kolkata');
    expect(zoneOf('GB').zone).toBe('Europe/London');
  });

  it('has a zone for every inhabited country, each one the runtime knows', () => {
    expect(Object.keys(COUNTRY_MAIN_ZONE)).toHaveLength(247);
    for (const zone of Object.values(COUNTRY_MAIN_ZONE)) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
    }
  });

  it("falls back to the sender's zone, flagged, for empty, garbage and out-of-range cells, and never throws", () => {
    const fallback = { zone: sender, fallback: true, source: 'FALLBACK' };
    for (const cell of [
      '',
      '   ',
      'Mars/Olympus',
      'XX',
      'UTC+15',
      '+02:75',
      'tomorrow',
      '12',
      42,
      null,
      undefined,
      {},
    ]) {
      expect(zoneOf(cell)).toEqual(fallback);
    }
  });

  it('writes offsets with a sign, hours and minutes', () => {
    expect(offsetZone(330)).toBe('+05:30');
    expect(offsetZone(-210)).toBe('-03:30');
    expect(offsetZone(0)).toBe('+00:00');
  });
});
