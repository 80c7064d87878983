import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { oidcPayloads } from './schema';

/**
 * People who signed in through the built-in issuer live in `oidc_payloads` under this model
 * name, keyed by subject, with no expiry: oidc-provider never uses the name, the purge job skips
 * rows without `expires_at`, and every process (and a restart) can answer `findAccount`.
 */
const LOCAL_ACCOUNT_MODEL = 'LocalAccount';

const NAME_MAX_LENGTH = 256;
const EMAIL_MAX_LENGTH = 254;

interface LocalAccount {
  subject: string;
  email: string;
  name: string;
}

/**
 * The subject is opaque and stable: the same address (in any letter case) always gets the same
 * one, so the app can key identities on `sub` as it does for Google.
 */
export function subjectForEmail(email: string): string {
  return createHash('sha256').update(`mergeboard-local:${email.trim().toLowerCase()}`).digest('base64url');
}

/** 'ada.lovelace@example.com' → 'Ada Lovelace': what we call someone who left the name empty. */
function nameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  const words = local
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return words.length > 0 ? words.join(' ') : email;
}

const emailSchema = z.email();

type SignInInput = { email: string; name: string };
type SignInValidation =
  { ok: true; account: LocalAccount } | { ok: false; field: 'email' | 'name'; message: string };

/** Checks what the sign-in form sent; the messages are shown to the person as they are. */
export function validateSignIn(input: SignInInput): SignInValidation {
  const email = input.email.trim().toLowerCase();
  const name = input.name.trim();
  if (email === '') return { ok: false, field: 'email', message: 'Enter your email address.' };
  if (email.length > EMAIL_MAX_LENGTH || !emailSchema.safeParse(email).success) {
    return { ok: false, field: 'email', message: 'Enter a valid email address, like name@example.com.' };
  }
  if ([...name].length > NAME_MAX_LENGTH) {
    return { ok: false, field: 'name', message: `Keep the name to ${NAME_MAX_LENGTH} characters or fewer.` };
  }
  // Control characters would only end up in headers and pages where they do harm.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) {
    return { ok: false, field: 'name', message: 'Use letters, spaces and punctuation only in the name.' };
  }
  return {
    ok: true,
    account: { subject: subjectForEmail(email), email, name: name === '' ? nameFromEmail(email) : name },
  };
}

/** Remembers (or renames) the account at each sign-in. */
export async function saveLocalAccount(database: Database, account: LocalAccount): Promise<void> {
  const row = { payload: { email: account.email, name: account.name } };
  await database.db
    .insert(oidcPayloads)
    .values({ model: LOCAL_ACCOUNT_MODEL, id: account.subject, ...row })
    .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: row });
}

export async function findLocalAccount(
  database: Database,
  subject: string,
): Promise<LocalAccount | undefined> {
  const [row] = await database.db
    .select({ payload: oidcPayloads.payload })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, LOCAL_ACCOUNT_MODEL), eq(oidcPayloads.id, subject)))
    .limit(1);
  if (!row) return undefined;
  const { email, name } = row.payload;
  if (typeof email !== 'string' || typeof name !== 'string') return undefined;
  return { subject, email, name };
}
