import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Sealing of the Google tokens kept for Gmail drafts (google_grants). AES-256-GCM with a key
 * derived from SESSION_SECRET by HKDF-SHA256, a random 96-bit IV per value, and the owning
 * identity id as additional data, so a sealed value only opens for the row it was written for.
 * Stored as `v1.<iv>.<ciphertext>.<tag>` (base64url).
 */
const VERSION = 'v1';
const IV_BYTES = 12;

export type GrantKey = Buffer & { readonly __grantKey: unique symbol };

export function deriveGrantKey(secret: string): GrantKey {
  return Buffer.from(
    hkdfSync('sha256', secret, 'mergeboard', 'mergeboard:google-grant-tokens:v1', 32),
  ) as GrantKey;
}

export function sealSecret(key: GrantKey, plaintext: string, boundTo: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(boundTo, 'utf8'));
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plaintext, or null when the value was sealed under another key, for another row, or altered. */
export function openSecret(key: GrantKey, sealed: string, boundTo: string): string | null {
  const [version, iv, ciphertext, tag, ...rest] = sealed.split('.');
  if (version !== VERSION || !iv || ciphertext === undefined || !tag || rest.length > 0) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
      authTagLength: 16,
    });
    decipher.setAAD(Buffer.from(boundTo, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
