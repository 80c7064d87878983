import { PRORATION_DATE_FIELD, SEAT_PREVIEW_LIFETIME_SECONDS } from '@mergeboard/core';
import type Stripe from 'stripe';
import { AppError } from '../../../http/app-error';
import { customerNow, seatItemOf } from '../subscription-change/live-subscription';

const refuse = (message: string): never => {
  throw new AppError('validation_failed', message, { fields: { [PRORATION_DATE_FIELD]: message } });
};

/**
 * RELIABILITY (payments), issue 21: the proration date a purchase of seats is charged at, from
 * the client, is accepted only as the date of a preview that still holds. A later date prorates
 * fewer days, down to nothing a second before the period ends (seats for $0.00, and the payment
 * provider takes any date inside the period); an older one than the preview's lifetime, or than
 * the period, is not a preview the person can still be looking at. Both are refused, not moved
 * to now: the charge is the preview shown, or nothing. "Now" is the customer's, as the preview's.
 */
export async function previewedProrationDate(
  stripe: Stripe,
  subscription: Stripe.Subscription,
  date: number | undefined,
): Promise<number | undefined> {
  if (date === undefined) return undefined;
  const now = await customerNow(stripe, subscription);
  if (date > now) {
    refuse(
      `prorationDate ${date} is later than now (${now}): send the prorationDate of the price preview you showed`,
    );
  }
  const earliest = Math.max(
    now - SEAT_PREVIEW_LIFETIME_SECONDS,
    seatItemOf(subscription).current_period_start,
  );
  if (date < earliest) {
    refuse(
      `prorationDate ${date} is older than its price preview may be (${SEAT_PREVIEW_LIFETIME_SECONDS / 60} minutes, within the current billing period): preview the price again`,
    );
  }
  return date;
}
