import { z } from 'zod';
import { CHECKOUT_FORM_DEFAULTS, type CheckoutForm } from './checkout-form';
import { PURCHASE_DEFAULTS, SEATS } from '../../constants/limits';

/** CHK-047 (C11): the session-storage keys the checkout steps share. */
export const CHECKOUT_STORAGE_KEYS = { form: 'mb.checkout.form', seats: 'mb.checkout.seats' } as const;

/** What a read of stored state gives: the value to use, and a problem to report if any. */
export interface Stored<T> {
  value: T;
  problem: string | null;
}

const storedFormSchema = z.object({
  country: z.string().regex(/^[A-Z]{2}$/),
  isBusinessPurchase: z.boolean(),
  vatNumber: z.string(),
  companyName: z.string(),
  name: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  code: z.string(),
});

/**
 * CHK-048, CHK-050: the stored billing form. Nothing stored gives the defaults (country US, not a
 * business); a stored value that is not a whole form is reported and the defaults are used.
 * The stored form may be unfinished: the rules run when it is submitted, not here.
 */
export function parseStoredCheckoutForm(raw: string | null): Stored<CheckoutForm> {
  if (raw === null) return { value: CHECKOUT_FORM_DEFAULTS, problem: null };
  try {
    const parsed = storedFormSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return { value: parsed.data, problem: null };
  } catch {
    // Not JSON: reported below like any other malformed value.
  }
  return { value: CHECKOUT_FORM_DEFAULTS, problem: 'The stored checkout form is malformed' };
}

/**
 * CHK-049, CHK-051: the stored seat quantity; default 1. A value that is not a whole number of
 * seats from 1 to 100 is reported and the default is used.
 */
export function parseStoredSeatQuantity(raw: string | null): Stored<number> {
  const fallback = PURCHASE_DEFAULTS.seatQuantity;
  if (raw === null) return { value: fallback, problem: null };
  const seats = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (Number.isInteger(seats) && seats >= 1 && seats <= SEATS.maximum) return { value: seats, problem: null };
  return { value: fallback, problem: `The stored seat quantity cannot be parsed: ${JSON.stringify(raw)}` };
}
