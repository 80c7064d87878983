import type { TestApp } from './test-app';
import { createTokenKeys } from '../access/tokens';
import { SESSION_COOKIE, sessionCookieValue, startSession } from '../features/auth';

/**
 * A signed-in caller without the browser dance: a real session row and a real access token,
 * so every call still goes through token verification and the live-session lookup. The first
 * sign-in of an address links to its account, as with a provider that verified the address.
 * `cookie` is the session cookie the browser would hold (a Cookie header), for pages such as
 * the local mailbox.
 */
export async function signedInAs(
  t: TestApp,
  email: string,
  options: {
    /** As a `compose=1` sign-in whose token response granted the Gmail compose scope (AUTH-019). */
    composeGranted?: boolean;
  } = {},
): Promise<{ token: string; headers: { authorization: string }; cookie: string }> {
  const session = await startSession(
    {
      db: t.database.db,
      keys: createTokenKeys(t.context.config.SESSION_SECRET),
      accessTokenTtlSeconds: 3600,
    },
    {
      issuer: 'https://issuer.test',
      subject: `subject:${email}`,
      email,
      emailVerified: true,
      name: null,
      picture: null,
      idToken: 'test.id.token',
      composeGranted: options.composeGranted ?? false,
    },
    'vitest',
  );
  const cookie = `${SESSION_COOKIE}=${encodeURIComponent(sessionCookieValue(t.context.config.SESSION_SECRET, session.sessionRowId))}`;
  return { token: session.accessToken, headers: { authorization: `Bearer ${session.accessToken}` }, cookie };
}
