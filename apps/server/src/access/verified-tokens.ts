import { TokenError, verifyToken, type TokenClaims, type TokenKeys } from './tokens';

/**
 * Access tokens this process has already verified, by their exact text. A token's signature is a
 * property of its text and the key, so a second call with the same text needs no second HMAC
 * (the jose verify, with its key import, was a tenth of a users/me call). What is still checked
 * on every call: the expiry (against the clock, here), and — by the caller — that the session is
 * live in the database, which is what makes a revoke take effect at once on every process.
 *
 * Keyed by the keys object, so another secret never sees these entries. Bounded: past `max`
 * entries the oldest go first.
 */
const caches = new WeakMap<TokenKeys, Map<string, TokenClaims>>();
const MAX_ENTRIES = 10_000;

export async function verifyAccessToken(keys: TokenKeys, token: string): Promise<TokenClaims> {
  let cache = caches.get(keys);
  if (!cache) {
    cache = new Map();
    caches.set(keys, cache);
  }
  const known = cache.get(token);
  if (known) {
    // jose's rule: expired once `exp` is not after the current second.
    if (known.exp > Math.floor(Date.now() / 1000)) return known;
    cache.delete(token);
    throw new TokenError('expired', 'Access token has expired');
  }
  const claims = await verifyToken(keys, token, { kinds: ['access'] });
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(token, claims);
  return claims;
}
