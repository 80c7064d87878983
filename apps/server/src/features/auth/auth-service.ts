import type { AuthSession } from '@mergeboard/core';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { findLiveSession } from '../../access/live-session';
import type { VerifiedIdentity } from '../../access/openid-client';
import {
  COOKIE_SESSION_DAYS,
  findSessionByHash,
  insertSession,
  revokeSessionRow,
  touchSession,
  upsertIdentity,
} from './session-queries';
import type { TokenError } from '../../access/tokens';
import {
  hashSessionSecret,
  newSessionSecret,
  signToken,
  verifyToken,
  type TokenKeys,
} from '../../access/tokens';

export interface AuthServiceOptions {
  db: Db;
  keys: TokenKeys;
  accessTokenTtlSeconds: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

async function answerFor(
  options: AuthServiceOptions,
  session: { id: string; identityId: string; expiresAt: Date },
  sessionId: string,
  idToken: string,
  email: string,
): Promise<AuthSession> {
  const accessExpiry = new Date(
    Math.min(Date.now() + options.accessTokenTtlSeconds * 1000, session.expiresAt.getTime()),
  );
  const subject = { sid: session.id, sub: session.identityId };
  return {
    accessToken: await signToken(options.keys, { ...subject, kind: 'access' }, accessExpiry),
    idToken,
    backendIdToken: await signToken(
      options.keys,
      { ...subject, kind: 'backend-id', email },
      session.expiresAt,
    ),
    sessionId,
    expiresAt: accessExpiry.getTime(),
  };
}

/**
 * API-040: a new session for the person the provider vouched for. `sessionRowId` is not part of
 * the answer: the route binds the browser to it (refresh-cookie.ts).
 */
export async function startSession(
  options: AuthServiceOptions,
  identityClaims: VerifiedIdentity,
  userAgent: string | null,
): Promise<AuthSession & { sessionRowId: string }> {
  const identity = await upsertIdentity(options.db, identityClaims, options.keys.grants);
  const sessionId = newSessionSecret();
  const session = await insertSession(options.db, {
    identityId: identity.id,
    tokenHash: hashSessionSecret(sessionId),
    idToken: identityClaims.idToken,
    expiresAt: new Date(Date.now() + COOKIE_SESSION_DAYS * DAY_MS),
    userAgent,
  });
  const answer = await answerFor(options, session, sessionId, identityClaims.idToken, identity.email);
  return { ...answer, sessionRowId: session.id };
}

/**
 * The session named by `sessionId`, checked against the bearer the caller holds: a genuine
 * token of that same session, expired or not. Both must agree, so neither a stolen session id
 * nor a stolen old token is enough alone.
 */
async function sessionHeldBy(options: AuthServiceOptions, sessionId: string, bearer: string | null) {
  if (!bearer) throw new AppError('unauthorized', 'Send the bearer token of this session');
  let claims;
  try {
    claims = await verifyToken(options.keys, bearer, { kinds: ['access', 'backend-id'], allowExpired: true });
  } catch (error) {
    throw new AppError('unauthorized', (error as TokenError).message);
  }
  const row = await findSessionByHash(options.db, hashSessionSecret(sessionId));
  if (!row || row.id !== claims.sid) throw new AppError('not_found', 'No such session');
  return row;
}

/**
 * API-041: a fresh access token while the session lives. Besides the pair script holds, the
 * browser must bring the session cookie (HttpOnly) of this very session: `cookieSessionRowId` is
 * the row its cookie vouches for, null without one.
 */
export async function refreshSession(
  options: AuthServiceOptions,
  sessionId: string,
  bearer: string | null,
  cookieSessionRowId: string | null,
): Promise<AuthSession> {
  const row = await sessionHeldBy(options, sessionId, bearer);
  if (row.id !== cookieSessionRowId) {
    throw new AppError(
      'session_cookie_missing',
      "This browser does not hold this session's cookie; sign in again",
    );
  }
  const live = await findLiveSession(options.db, row.id);
  if (!live) throw new AppError('session_expired', 'This session has ended; sign in again');
  await touchSession(options.db, row.id);
  return answerFor(options, live.session, sessionId, live.session.idToken, live.identity.email);
}

/** API-042: ends the session now; every process checks the database on each call. */
/** Ends the session; answers its row id. */
export async function revokeSession(
  options: AuthServiceOptions,
  sessionId: string,
  bearer: string | null,
): Promise<string> {
  const row = await sessionHeldBy(options, sessionId, bearer);
  await revokeSessionRow(options.db, row.id);
  return row.id;
}
