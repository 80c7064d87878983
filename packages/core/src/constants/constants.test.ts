import { describe, expect, it } from 'vitest';
import {
  APP_VERSION,
  BREAKPOINTS,
  DAILY_RECIPIENT_QUOTA,
  DATE_FORMATS,
  DATE_RANGE_OPTIONS,
  DEFAULT_DATE_RANGE,
  EXPORT_MAX_ROWS,
  MAX_OWNED_SPACES,
  MEMBER_PAGE_SIZE,
  PERSONAL_MAIL_DOMAINS,
  RECOVERABLE_ERROR_MAX_RETRIES,
  SEARCH_DEBOUNCE_MS,
  SPACE_NAME_MAX_LENGTH,
  SPACE_NAME_MIN_LENGTH,
  STALE_TIME_MS,
  TABLE_PAGE_SIZE,
} from './limits';
import { BILLING_INTERVALS, LIST_PRICES_USD, SEAT_DISCOUNTS, SHOW_SEAT_COUPONS } from './pricing';
import { ROLES } from './domain';

// The figures of §9 in both spec files, checked one requirement at a time.
describe('business constants (§9)', () => {
  it('CONST-001 web app version is 2.10.28', () => expect(APP_VERSION).toBe('2.10.28'));
  it('CONST-003 date formats', () =>
    expect(DATE_FORMATS).toEqual({ short: 'LLL. d, p', long: 'LLL. d, yyyy, p' }));
  it('CONST-005 CONST-006 table page size 25, default range last 12 months', () => {
    expect(TABLE_PAGE_SIZE).toBe(25);
    expect(DEFAULT_DATE_RANGE).toBe('LAST_12_MONTHS');
  });
  it('CONST-007 date filter options in order', () => {
    expect(DATE_RANGE_OPTIONS.map((option) => option.label)).toEqual([
      'Last 30 days',
      'Last month',
      'This month',
      'Last 12 months',
      'This year',
    ]);
  });
  it('CONST-009 CONST-010 member page 100, export at most 30000 rows', () => {
    expect(MEMBER_PAGE_SIZE).toBe(100);
    expect(EXPORT_MAX_ROWS).toBe(30000);
  });
  it('CONST-012 search debounce 200 ms', () => expect(SEARCH_DEBOUNCE_MS).toBe(200));
  it('CONST-015 CONST-016 CONST-017 daily quotas', () =>
    expect(DAILY_RECIPIENT_QUOTA).toEqual({ FREE: 20, PRO: 1500, PRO_PERSONAL: 400 }));
  it('CONST-022 CONST-023 CONST-024 CONST-025 CONST-026 CONST-027 stale times', () => {
    expect(STALE_TIME_MS.subscriptions).toBe(5000);
    expect(STALE_TIME_MS.paymentInfo).toBe(300000);
    expect(STALE_TIME_MS.scheduledRemoval).toBe(300000);
    expect(STALE_TIME_MS.customerPortal).toBe(Infinity);
    expect(STALE_TIME_MS.paymentPlans).toBe(30000);
    expect(STALE_TIME_MS.members).toBe(1000);
  });
  it('CONST-031 personal mail domains', () =>
    expect(PERSONAL_MAIL_DOMAINS).toEqual(['gmail.com', 'googlemail.com']));
  it('CONST-034 billing intervals', () => expect(BILLING_INTERVALS).toEqual(['MONTHLY', 'YEARLY']));
  it('SHELL breakpoints 375/480/990/1024/1440', () =>
    expect(Object.values(BREAKPOINTS)).toEqual([375, 480, 990, 1024, 1440]));
  it('spaces: at most 5 owned, names 5..255, roles ordered MEMBER < ADMIN < OWNER', () => {
    expect(MAX_OWNED_SPACES).toBe(5);
    expect([SPACE_NAME_MIN_LENGTH, SPACE_NAME_MAX_LENGTH]).toEqual([5, 255]);
    expect(ROLES).toEqual(['MEMBER', 'ADMIN', 'OWNER']);
  });
  it('recoverable errors retry below 5', () => expect(RECOVERABLE_ERROR_MAX_RETRIES).toBe(5));
  it('PRICE-018 PRICE-019 PRICE-020 PRICE-021 PRICE-022 PRICE-023 PRICE-024 list prices', () => {
    expect(LIST_PRICES_USD).toEqual({
      PERSONAL: { YEARLY: 36, MONTHLY: 10 },
      PROFESSIONAL: { YEARLY: 60, MONTHLY: 20 },
      TEAM_5: { YEARLY: 150, MONTHLY: 50 },
      TEAM_10: { YEARLY: 270, MONTHLY: 80 },
      TEAM_25: { YEARLY: 450, MONTHLY: 167 },
      TEAM_50: { YEARLY: 750, MONTHLY: 333 },
      TEAM_100: { YEARLY: 1200, MONTHLY: 667 },
    });
  });
  it('PRICE-010 PRICE-011 PRICE-012 PRICE-013 PRICE-014 PRICE-015 seat discounts, coupon display off', () => {
    expect(SEAT_DISCOUNTS.map((d) => [d.code, d.minSeats, d.maxSeats, d.percentOff])).toEqual([
      ['5SEATS', 5, 9, 20],
      ['10SEATS', 10, 24, 30],
      ['25SEATS', 25, 49, 40],
      ['50SEATS', 50, 99, 50],
      ['100SEATS', 100, 100, 60],
    ]);
    expect(SHOW_SEAT_COUPONS).toBe(false);
  });
});
