import type { Db } from '../../db/client';
import { unixNow } from './sandbox-ids';
import { replaceObject, type StripeObject } from './sandbox-store';

/**
 * Stripe's portal sessions "are short-lived and will expire if the customer does not visit the
 * URL": the URL is opened within about 5 minutes, or never. The URL is a bearer credential for the
 * customer's billing, so a leaked one (history, logs, a forwarded mail) must stop working.
 */
export const PORTAL_URL_LIFETIME_SECONDS = 5 * 60;

/**
 * Once opened, Stripe keeps the customer's visit going; the sandbox has no browser session of its
 * own, so the opened URL serves for this long from its first visit, then expires as well.
 */
export const PORTAL_VISIT_LIFETIME_SECONDS = 60 * 60;

/**
 * The portal session when it may still be used, its first visit recorded (`_opened_at`, kept
 * from answers like every `_` key); null once expired. Real time, as Stripe's expiry: a customer's
 * test clock moves billing only, and the portal's own clock control must not end the visit.
 */
export async function usablePortalSession(db: Db, session: StripeObject): Promise<StripeObject | null> {
  const now = unixNow();
  const opened = session._opened_at;
  if (typeof opened === 'number') return now <= opened + PORTAL_VISIT_LIFETIME_SECONDS ? session : null;
  if (now > (session.created as number) + PORTAL_URL_LIFETIME_SECONDS) return null;
  return replaceObject(db, { ...session, _opened_at: now });
}
