import { COOKIE_LIFETIME_DAYS } from '@mergeboard/core';
import type { AuthSession } from '@mergeboard/core';
import { getCookie, removeCookie, setCookie } from '../../../lib/cookies';
import { readStorage, removeStorage, writeStorage } from '../../../lib/browser-storage';

/** Where the session lives between page loads (AUTH-010); the access token stays in memory. */
export const SESSION_COOKIE = 'SESSION_ID';
/** Set on a successful sign-in (AUTH-005): tells other pages of the site someone is signed in. */
export const AUTH_COOKIE = 'mb_auth';
/** Set by the legacy app for us: a backend token to restore the session with, used once (AUTH-009). */
export const DELEGATE_COOKIE = 'mb_delegate';
/** Set by us for the legacy app when redirecting an ineligible user there (AUTH-008). */
export const DELEGATE_TOKEN_COOKIE = 'mb_delegate_token';
export const BACKEND_ID_TOKEN_KEY = 'mb.backendIdToken';
export const LAST_LOGIN_KEY = 'mb.lastLogin';

/** Keeps what a later page load needs to restore the session: its id and the backend token. */
export function storeSession(session: AuthSession): void {
  setCookie(SESSION_COOKIE, session.sessionId, { days: COOKIE_LIFETIME_DAYS.session });
  writeStorage('local', BACKEND_ID_TOKEN_KEY, session.backendIdToken);
}

/** Marks a completed sign-in (AUTH-005, AUTH-010). */
export function storeSignedIn(now: number): void {
  setCookie(AUTH_COOKIE, '1', { days: COOKIE_LIFETIME_DAYS.auth });
  writeStorage('local', LAST_LOGIN_KEY, String(now));
}

interface StoredSession {
  sessionId: string;
  /** The backend id token, or the legacy app's delegate token when one was handed over. */
  bearer: string;
}

/** The session kept by an earlier page load, if any. Reading it consumes the delegate cookie. */
export function takeStoredSession(): StoredSession | null {
  const delegate = getCookie(DELEGATE_COOKIE);
  if (delegate !== null) removeCookie(DELEGATE_COOKIE);
  const sessionId = getCookie(SESSION_COOKIE);
  const bearer = delegate || readStorage('local', BACKEND_ID_TOKEN_KEY);
  return sessionId && bearer ? { sessionId, bearer } : null;
}

/** Whether {@link takeStoredSession} would find a session (no side effect). */
export function hasStoredSession(): boolean {
  return (
    getCookie(SESSION_COOKIE) !== null &&
    (getCookie(DELEGATE_COOKIE) !== null || readStorage('local', BACKEND_ID_TOKEN_KEY) !== null)
  );
}

/** Forgets everything {@link storeSession} and {@link storeSignedIn} kept (AUTH-017). */
export function clearStoredSession(): void {
  removeCookie(SESSION_COOKIE);
  removeCookie(AUTH_COOKIE);
  removeStorage('local', BACKEND_ID_TOKEN_KEY);
  removeStorage('local', LAST_LOGIN_KEY);
}

/** The temporary token cookie the legacy app reads after a delegate redirect (AUTH-008). */
export function storeDelegateToken(backendIdToken: string): void {
  setCookie(DELEGATE_TOKEN_COOKIE, backendIdToken, { days: COOKIE_LIFETIME_DAYS.other });
}
