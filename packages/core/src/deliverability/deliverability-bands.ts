/**
 * The mailbox providers' lines for a sender's rates (issue 26), sourced in the README's
 * "Deliverability page" section:
 * - complaints (spam reports per message sent): Gmail's and Yahoo's bulk sender rules ask to stay
 *   under 0.1 % and never reach 0.3 %, where their filters start rejecting;
 * - hard bounces: Amazon SES reviews an account from 5 % and advises staying under 2 %.
 * Unsubscribes have no published line, so they are shown without a band.
 */
export const DELIVERABILITY_BANDS = ['good', 'warning', 'bad'] as const;
export type DeliverabilityBand = (typeof DELIVERABILITY_BANDS)[number];

export interface RateLines {
  /** From this rate (a fraction, 0.001 = 0.1 %) up, the rate is a warning. */
  warning: number;
  /** From this rate up, the rate is bad. */
  bad: number;
  /** What the bad band means, in the providers' words. */
  badLabel: string;
}

export const COMPLAINT_RATE_LINES: RateLines = { warning: 0.001, bad: 0.003, badLabel: 'Rejected' };
export const HARD_BOUNCE_RATE_LINES: RateLines = { warning: 0.02, bad: 0.05, badLabel: 'Dangerous' };

/** The band of a rate against its lines; null when nothing was sent (no rate to judge). */
export function bandOf(rate: number | null, lines: RateLines): DeliverabilityBand | null {
  if (rate === null) return null;
  if (rate >= lines.bad) return 'bad';
  if (rate >= lines.warning) return 'warning';
  return 'good';
}

/** The band in words, so the page never says it by colour alone. */
export function bandLabel(band: DeliverabilityBand, lines: RateLines): string {
  if (band === 'bad') return lines.badLabel;
  return band === 'warning' ? 'Warning' : 'Good';
}

/** count / sent as a fraction; null when nothing was sent. */
export function rateOf(count: number, sent: number): number | null {
  return sent > 0 ? count / sent : null;
}

/** A rate as a percentage with two decimals ('0.12 %'), '—' when there is none. */
export function formatRate(rate: number | null): string {
  if (rate === null) return '—';
  return `${(rate * 100).toFixed(2)} %`;
}
