import { createHmac, createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import { deriveGrantKey } from '../lib/grant-cipher';

/**
 * Our own tokens, signed with keys derived from SESSION_SECRET (HS256), so every process with
 * the same secret verifies them. Two kinds, told apart by `typ` so one cannot stand in for the
 * other: short-lived access tokens, and the backend id token the web app keeps for the
 * session's whole life (it may restore the session after a page reload, never call the API).
 */
export type TokenKind = 'access' | 'backend-id';

export interface TokenClaims {
  /** Session row id. */
  sid: string;
  /** Identity id (who signed in). */
  sub: string;
  kind: TokenKind;
  exp: number;
  email?: string;
}

const ISSUER = 'mergeboard';

export class TokenError extends Error {
  constructor(
    readonly reason: 'malformed' | 'expired' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

export function createTokenKeys(secret: string) {
  const key = (label: string) => createHmac('sha256', secret).update(`mergeboard:${label}`).digest();
  return {
    access: key('access-token'),
    backendId: key('backend-id-token'),
    /** Seals the Google tokens kept for Gmail drafts (google_grants); never signs anything. */
    grants: deriveGrantKey(secret),
  };
}
export type TokenKeys = ReturnType<typeof createTokenKeys>;

type HmacKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;
const cryptoKeys = new WeakMap<Uint8Array, Promise<HmacKey>>();

/**
 * A signing key as WebCrypto's own key object, imported once: jose (on WebCrypto) imports a key
 * given as bytes on every call, a third of each request's token check on Node 24.
 */
function cryptoKeyOf(bytes: Uint8Array): Promise<HmacKey> {
  let key = cryptoKeys.get(bytes);
  if (!key) {
    key = crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    cryptoKeys.set(bytes, key);
  }
  return key;
}

export async function signToken(
  keys: TokenKeys,
  claims: { sid: string; sub: string; kind: TokenKind; email?: string },
  expiresAt: Date,
): Promise<string> {
  const payload: JWTPayload = {
    sid: claims.sid,
    typ: claims.kind,
    ...(claims.email ? { email: claims.email } : {}),
  };
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await cryptoKeyOf(claims.kind === 'access' ? keys.access : keys.backendId));
}

/**
 * Verifies a token of one of the accepted kinds. `allowExpired` serves refresh and revoke: an
 * expired but genuine token still proves which session the caller held.
 */
export async function verifyToken(
  keys: TokenKeys,
  token: string,
  options: { kinds: TokenKind[]; allowExpired?: boolean },
): Promise<TokenClaims> {
  if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) throw new TokenError('malformed', 'Bearer token is malformed');
  for (const kind of options.kinds) {
    try {
      const key = await cryptoKeyOf(kind === 'access' ? keys.access : keys.backendId);
      const { payload } = await jwtVerify(token, key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        ...(options.allowExpired ? { currentDate: new Date(0) } : {}),
      });
      if (payload.typ !== kind || typeof payload.sid !== 'string' || typeof payload.sub !== 'string')
        continue;
      return {
        sid: payload.sid,
        sub: payload.sub,
        kind,
        exp: payload.exp ?? 0,
        ...(typeof payload.email === 'string' ? { email: payload.email } : {}),
      };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new TokenError('expired', 'Access token has expired');
    }
  }
  throw new TokenError('invalid', 'Bearer token is not valid');
}

/** 256 random bits, URL-safe: 43 characters (the sessionId contract checks this shape). */
export function newSessionSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionSecret(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}
