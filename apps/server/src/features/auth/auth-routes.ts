import type { FastifyReply, FastifyRequest } from 'fastify';
import { authorize, exchangeToken, refreshToken, revokeSession as revokeContract } from '@mergeboard/core';
import type { AppContext } from '../../app-context';
import { AppError } from '../../http/app-error';
import { defineRoute } from '../../http/route';
import { readBearer } from '../../access/authenticate';
import { refreshSession, revokeSession, startSession, type AuthServiceOptions } from './auth-service';
import { SignInError, type PendingAuthorization } from '../../access/openid-client';
import { clearSessionCookie, sessionRowIdFromCookie, setSessionCookie } from './refresh-cookie';
import { SIGN_IN_LIMIT } from './sign-in-limit';

/** The OpenID state, nonce and PKCE verifier, bound to the browser that started sign-in. */
const PENDING_COOKIE = 'mb_oidc';
const PENDING_COOKIE_PATH = '/api/v1/auth';
const PENDING_MAX_AGE_S = 10 * 60;

const serviceOptions = (context: AppContext): AuthServiceOptions => ({
  db: context.database.db,
  keys: context.tokens,
  accessTokenTtlSeconds: context.config.ACCESS_TOKEN_TTL_SECONDS,
});

const secureCookies = (context: AppContext) => context.config.publicUrl.startsWith('https://');
const sessionCookie = (context: AppContext) => ({
  secret: context.config.SESSION_SECRET,
  secure: secureCookies(context),
});

function readPending(request: FastifyRequest): PendingAuthorization | null {
  const raw = request.cookies[PENDING_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    const value = JSON.parse(unsigned.value) as PendingAuthorization;
    return typeof value.state === 'string' &&
      typeof value.nonce === 'string' &&
      typeof value.codeVerifier === 'string'
      ? value
      : null;
  } catch {
    return null;
  }
}

function clearPending(reply: FastifyReply, context: AppContext) {
  reply.clearCookie(PENDING_COOKIE, {
    path: PENDING_COOKIE_PATH,
    secure: secureCookies(context),
    sameSite: 'lax',
  });
}

export const authRoutes = [
  defineRoute({
    contract: authorize,
    access: { kind: 'public' },
    rateLimit: SIGN_IN_LIMIT,
    handler: async ({ query, context, reply }) => {
      let started;
      try {
        started = await context.signIn.startAuthorization({
          ...(query.prompt ? { prompt: query.prompt } : {}),
          ...(query.loginHint ? { loginHint: query.loginHint } : {}),
          compose: query.compose === '1',
          sheets: query.sheets === '1',
        });
      } catch (error) {
        if (error instanceof SignInError) throw new AppError('unavailable', error.message);
        throw error;
      }
      reply.setCookie(PENDING_COOKIE, JSON.stringify(started.pending), {
        path: PENDING_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies(context),
        signed: true,
        maxAge: PENDING_MAX_AGE_S,
      });
      return reply.redirect(started.url, 302);
    },
  }),
  defineRoute({
    contract: exchangeToken,
    access: { kind: 'public' },
    rateLimit: SIGN_IN_LIMIT,
    handler: async ({ body, context, request, reply }) => {
      const pending = readPending(request);
      clearPending(reply, context);
      if (!pending || pending.state !== body.state) {
        throw new AppError(
          'state_mismatch',
          'This sign-in was not started in this browser (or its cookie was blocked); start again',
        );
      }
      let identity;
      try {
        identity = await context.signIn.finishAuthorization(body, pending);
      } catch (error) {
        if (error instanceof SignInError) {
          throw new AppError(error.code, error.message);
        }
        throw error;
      }
      const { sessionRowId, ...session } = await startSession(
        serviceOptions(context),
        identity,
        request.headers['user-agent'] ?? null,
      );
      setSessionCookie(reply, sessionCookie(context), sessionRowId);
      return session;
    },
  }),
  defineRoute({
    contract: refreshToken,
    access: { kind: 'public' },
    rateLimit: { max: 60, timeWindow: '1 minute' },
    handler: ({ body, context, request }) =>
      refreshSession(
        serviceOptions(context),
        body.sessionId,
        readBearer(request),
        sessionRowIdFromCookie(request, context.config.SESSION_SECRET),
      ),
  }),
  defineRoute({
    contract: revokeContract,
    access: { kind: 'public' },
    handler: async ({ body, context, request, reply }) => {
      const cookieRowId = sessionRowIdFromCookie(request, context.config.SESSION_SECRET);
      const revokedRowId = await revokeSession(serviceOptions(context), body.sessionId, readBearer(request));
      // After a logout this browser holds no session. A compose sign-in, though, revokes the
      // session it replaced while the cookie already names the new one: that cookie stays.
      if (cookieRowId === null || cookieRowId === revokedRowId)
        clearSessionCookie(reply, sessionCookie(context));
      return { revoked: true } as const;
    },
  }),
];
