import { describe, expect, it } from 'vitest';
import {
  bandLabel,
  bandOf,
  COMPLAINT_RATE_LINES,
  formatRate,
  HARD_BOUNCE_RATE_LINES,
  rateOf,
} from './deliverability-bands';

describe('deliverability bands (issue 26: the providers\u2019 lines)', () => {
  it('complaints: under 0.1 % good, 0.1 % up to 0.3 % a warning, from 0.3 % rejected', () => {
    expect(bandOf(0, COMPLAINT_RATE_LINES)).toBe('good');
    expect(bandOf(0.000999, COMPLAINT_RATE_LINES)).toBe('good');
    expect(bandOf(0.001, COMPLAINT_RATE_LINES)).toBe('warning');
    expect(bandOf(0.002999, COMPLAINT_RATE_LINES)).toBe('warning');
    expect(bandOf(0.003, COMPLAINT_RATE_LINES)).toBe('bad');
    expect(bandLabel('bad', COMPLAINT_RATE_LINES)).toBe('Rejected');
  });

  it('hard bounces: under 2 % good, 2 % up to 5 % a warning, from 5 % dangerous', () => {
    expect(bandOf(0.0199, HARD_BOUNCE_RATE_LINES)).toBe('good');
    expect(bandOf(0.02, HARD_BOUNCE_RATE_LINES)).toBe('warning');
    expect(bandOf(0.0499, HARD_BOUNCE_RATE_LINES)).toBe('warning');
    expect(bandOf(0.05, HARD_BOUNCE_RATE_LINES)).toBe('bad');
    expect(bandLabel('bad', HARD_BOUNCE_RATE_LINES)).toBe('Dangerous');
    expect(bandLabel('warning', HARD_BOUNCE_RATE_LINES)).toBe('Warning');
    expect(bandLabel('good', HARD_BOUNCE_RATE_LINES)).toBe('Good');
  });

  it('nothing sent is no rate and no band, never a good one', () => {
    expect(rateOf(0, 0)).toBeNull();
    expect(bandOf(rateOf(0, 0), COMPLAINT_RATE_LINES)).toBeNull();
    expect(formatRate(null)).toBe('—');
  });

  it('rates are counts over messages sent, shown with two decimals', () => {
    expect(rateOf(3, 1000)).toBe(0.003);
    expect(formatRate(0.003)).toBe('0.30 %');
    expect(formatRate(rateOf(1, 3))).toBe('33.33 %');
  });
});
