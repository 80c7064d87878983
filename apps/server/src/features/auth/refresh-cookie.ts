import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { findLiveSession } from '../../access/live-session';
import { COOKIE_SESSION_DAYS } from './session-queries';

/**
 * The session cookie: proof that this browser started the session, which script cannot read.
 *
 * AUTH-010 keeps the refresh pair where script can reach it (the SESSION_ID cookie, the backend
 * id token in local storage), so the pair alone would let one XSS mint access tokens for the
 * session's 36 days. Refresh therefore also needs this cookie, set by the server when the
 * session starts: HttpOnly, SameSite=Lax (refresh is a same-origin POST, which Lax lets through
 * and a cross-site form does not; Lax rather than Strict so that /mailbox opened from a link in
 * another site still knows who is there), Secure under https.
 *
 * Its value is `{session row id}.{HMAC-SHA256 of that id}` with a key derived from
 * SESSION_SECRET (no migration; every process verifies it). The row id is not a credential (it
 * is the `sid` of every token), and without the key the MAC cannot be made; revoking or expiring
 * the session row makes the cookie worthless, as the row is checked on every use.
 *
 * It is set twice with the same value, path-scoped to where it is read, so no other request
 * carries it: the auth calls (`/api/v1/auth`: refresh reads it, revoke clears it) and the local
 * mailbox page (`/mailbox`, which shows the signed-in person their own mail).
 */
export const SESSION_COOKIE = 'mb_session';
const SESSION_COOKIE_PATHS = ['/api/v1/auth', '/mailbox'] as const;

const MAX_AGE_S = COOKIE_SESSION_DAYS * 24 * 60 * 60;

interface SessionCookieOptions {
  /** SESSION_SECRET; the MAC key is derived from it. */
  secret: string;
  /** Whether the site is served over https (PUBLIC_URL). */
  secure: boolean;
}

const macOf = (secret: string, sessionRowId: string) => {
  const key = createHmac('sha256', secret).update('mergeboard:session-cookie').digest();
  return createHmac('sha256', key).update(sessionRowId).digest('base64url');
};

const attributes = (options: SessionCookieOptions, path: string) => ({
  path,
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: options.secure,
});

/** The cookie's value for a session: its row id and the MAC of it. */
export function sessionCookieValue(secret: string, sessionRowId: string): string {
  return `${sessionRowId}.${macOf(secret, sessionRowId)}`;
}

/** Binds this browser to the session that just started. */
export function setSessionCookie(reply: FastifyReply, options: SessionCookieOptions, sessionRowId: string) {
  const value = sessionCookieValue(options.secret, sessionRowId);
  for (const path of SESSION_COOKIE_PATHS) {
    reply.setCookie(SESSION_COOKIE, value, { ...attributes(options, path), maxAge: MAX_AGE_S });
  }
}

export function clearSessionCookie(reply: FastifyReply, options: SessionCookieOptions) {
  for (const path of SESSION_COOKIE_PATHS) reply.clearCookie(SESSION_COOKIE, attributes(options, path));
}

/**
 * The session row id the request's cookie vouches for, or null without a genuine cookie. The
 * session itself may have ended since: callers look it up as live.
 */
export function sessionRowIdFromCookie(request: FastifyRequest, secret: string): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const dot = raw.lastIndexOf('.');
  if (dot <= 0) return null;
  const sessionRowId = raw.slice(0, dot);
  const given = Buffer.from(raw.slice(dot + 1));
  const expected = Buffer.from(macOf(secret, sessionRowId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? sessionRowId : null;
}

/**
 * Who this browser is signed in as, for pages the browser loads itself (the web app's API calls
 * carry a bearer instead): the identity of the live session its cookie vouches for, else null.
 */
export async function cookieIdentity(
  db: Db,
  request: FastifyRequest,
  secret: string,
): Promise<{ email: string } | null> {
  const sessionRowId = sessionRowIdFromCookie(request, secret);
  const live = sessionRowId ? await findLiveSession(db, sessionRowId) : null;
  return live ? { email: live.identity.email } : null;
}
