/** Prices and discount codes of §9 (file 000) and the plan names shown to users. */

export const BILLING_INTERVALS = ['MONTHLY', 'YEARLY'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export const LIST_PRICE_PLANS = [
  'PERSONAL',
  'PROFESSIONAL',
  'TEAM_5',
  'TEAM_10',
  'TEAM_25',
  'TEAM_50',
  'TEAM_100',
] as const;
export type ListPricePlan = (typeof LIST_PRICE_PLANS)[number];

/** List prices in whole USD (PRICE-018 PRICE-019 PRICE-020 PRICE-021 PRICE-022 PRICE-023 PRICE-024). */
export const LIST_PRICES_USD: Record<ListPricePlan, Record<BillingInterval, number>> = {
  PERSONAL: { YEARLY: 36, MONTHLY: 10 },
  PROFESSIONAL: { YEARLY: 60, MONTHLY: 20 },
  TEAM_5: { YEARLY: 150, MONTHLY: 50 },
  TEAM_10: { YEARLY: 270, MONTHLY: 80 },
  TEAM_25: { YEARLY: 450, MONTHLY: 167 },
  TEAM_50: { YEARLY: 750, MONTHLY: 333 },
  TEAM_100: { YEARLY: 1200, MONTHLY: 667 },
};

/**
 * Seat volume discount codes (PRICE-010 PRICE-011 PRICE-012 PRICE-013 PRICE-014); `maxSeats` is inclusive.
 */
export const SEAT_DISCOUNTS = [
  { code: '5SEATS', minSeats: 5, maxSeats: 9, percentOff: 20 },
  { code: '10SEATS', minSeats: 10, maxSeats: 24, percentOff: 30 },
  { code: '25SEATS', minSeats: 25, maxSeats: 49, percentOff: 40 },
  { code: '50SEATS', minSeats: 50, maxSeats: 99, percentOff: 50 },
  { code: '100SEATS', minSeats: 100, maxSeats: 100, percentOff: 60 },
] as const;

/** PRICE-015: the coupon display is switched off. */
export const SHOW_SEAT_COUPONS = false;

/**
 * What the seat volume discount is called wherever a price is broken down (ours): the order
 * summary, and the name of the coupons at the payment provider, which its checkout, portal and
 * invoices show, so that one discount has one name (issue 24).
 */
export const VOLUME_DISCOUNT_NAME = 'Volume discount';

export const PLAN_LABELS = {
  FREE: 'Free',
  PRO: 'Pro',
  PREMIUM: 'Premium',
  PRO_PERSONAL: 'Pro Personal',
  PRO_PERSONAL_ALT: 'Pro (Personal)',
  LEGACY: 'Legacy',
  OFFLINE: 'Offline',
  CUSTOM: 'Custom',
} as const;

export const LEGACY_TYPE_LABELS = {
  TEAM: 'Team',
  UNLIMITED: 'Unlimited',
  PROFESSIONAL: 'Professional',
  PERSONAL: 'Personal',
} as const;

export const SEAT_PLAN_LABELS = { FREE: 'Free', PRO: 'Pro', PRO_PERSONAL: 'Pro Personal' } as const;
