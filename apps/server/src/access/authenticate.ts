import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { AppError } from '../http/app-error';
import { findRequestSession, type RequestSession } from './live-session';
import type { TokenError, TokenKeys } from './tokens';
import { verifyAccessToken } from './verified-tokens';

export type RequestAuth = RequestSession;

/** The bearer token of a request; null without an Authorization header, 401 when it is not a bearer. */
export function readBearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header === undefined) return null;
  const match = /^Bearer ([^\s]+)$/i.exec(header);
  if (!match)
    throw new AppError('unauthorized', 'Malformed Authorization header: use "Bearer <accessToken>"');
  return match[1]!;
}

/**
 * Who is calling: a genuine, unexpired access token whose session is still live in the
 * database. Checking the session on every call is what makes a revoke take effect at once on
 * every process.
 */
export async function authenticate(db: Db, keys: TokenKeys, bearer: string | null): Promise<RequestAuth> {
  if (!bearer) throw new AppError('unauthorized', 'Sign in first: send Authorization: Bearer <accessToken>');
  let claims;
  try {
    claims = await verifyAccessToken(keys, bearer);
  } catch (error) {
    const reason = (error as TokenError).reason;
    throw new AppError(reason === 'expired' ? 'token_expired' : 'invalid_token', (error as Error).message);
  }
  const live = await findRequestSession(db, claims.sid);
  if (!live || live.identity.id !== claims.sub) {
    throw new AppError('session_expired', 'This session has ended; sign in again');
  }
  return live;
}

/** A signed-in caller with an account that is not DISABLED: what `user` and `space` routes get. */
export type Account = NonNullable<RequestAuth['user']>;

/** A live session whose identity has an account, DISABLED or not. */
export type RegisteredAuth = RequestAuth & { user: Account };

/** Reading one's own account needs one, even a DISABLED one (it is shown the disabled page). */
export function requireRegistered(auth: RequestAuth | null): RegisteredAuth {
  if (!auth?.user) throw new AppError('user_not_found', 'This sign-in has no account yet');
  return auth as RegisteredAuth;
}

/** `user` routes need an account that is not DISABLED, beyond a live session. */
export function requireAccount(auth: RequestAuth): Account {
  const { user } = requireRegistered(auth);
  if (user.status === 'DISABLED') throw new AppError('user_disabled', 'This account is disabled');
  return user;
}
