import { getCookie } from '../../lib/cookies';

/** The consent banner's cookie: a list such as `necessary:yes,analytics:yes,marketing:no`. */
export const CONSENT_COOKIE = 'cookie_consent';

/** EVT-012: analytics tracking is on only when the consent cookie lists analytics as yes. */
export function hasAnalyticsConsent(): boolean {
  const value = getCookie(CONSENT_COOKIE);
  return value !== null && /(^|[^a-z])analytics:yes($|[^a-z])/i.test(value);
}
