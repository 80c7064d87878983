import { createHmac, generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { calculateJwkThumbprint, type JWK } from 'jose';
import type { Database } from '../../db/client';
import { appMeta } from '../../db/schema';

/** The `app_meta` row holding the issuer's private signing keys (a JWKS). */
const SIGNING_KEYS_META_KEY = 'oidc_jwks';

export interface SigningKeys {
  keys: JWK[];
}

async function generateSigningKeys(): Promise<SigningKeys> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint(jwk, 'sha256');
  return { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] };
}

function isSigningKeys(value: unknown): value is SigningKeys {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as SigningKeys).keys) &&
    (value as SigningKeys).keys.length > 0
  );
}

async function readSigningKeys(database: Database): Promise<SigningKeys | undefined> {
  const [row] = await database.db
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, SIGNING_KEYS_META_KEY));
  if (!row) return undefined;
  if (!isSigningKeys(row.value)) throw new Error(`app_meta '${SIGNING_KEYS_META_KEY}' does not hold a JWKS`);
  return row.value;
}

/**
 * The ID-token signing keys, generated once per database: a process that finds none offers a
 * candidate and the first insert wins (`on conflict do nothing`), then all read back the same row,
 * so tokens signed by one process verify against the JWKS any other process serves, across
 * restarts too.
 */
export async function loadSigningKeys(database: Database): Promise<SigningKeys> {
  const existing = await readSigningKeys(database);
  if (existing) return existing;
  await database.db
    .insert(appMeta)
    .values({ key: SIGNING_KEYS_META_KEY, value: await generateSigningKeys() })
    .onConflictDoNothing();
  const stored = await readSigningKeys(database);
  if (!stored) throw new Error(`app_meta '${SIGNING_KEYS_META_KEY}' could not be written`);
  return stored;
}

/** Keygrip keys for oidc-provider's signed cookies, derived so every process signs alike. */
export function cookieKeys(secret: string): string[] {
  return [createHmac('sha256', secret).update('mergeboard:local-issuer:cookies').digest('base64url')];
}
