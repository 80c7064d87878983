import { readStorage, removeStorage, writeStorage } from '../../../lib/browser-storage';

/** What the visitor asked for when leaving for the provider; read back on /login/callback. */
export const SIGN_IN_INTENT_KEY = 'mb.signin';

interface SignInIntent {
  /** Where to go after sign-in (the login page's `continue`), unchecked. */
  continue: string | null;
  /** Create the account when this sign-in has none yet (AUTH-004). */
  createAccount: boolean;
  /**
   * A signed-in person was sent to grant the mail compose scope (AUTH-019): a failure comes back
   * to `continue` (keeping the session) instead of the login page. Absent in older intents.
   */
  compose?: boolean;
}

export function saveSignInIntent(intent: SignInIntent): void {
  writeStorage('session', SIGN_IN_INTENT_KEY, JSON.stringify(intent));
}

/** Reads and removes the saved intent; a missing or malformed one means a plain sign-in. */
export function takeSignInIntent(): SignInIntent {
  const raw = readStorage('session', SIGN_IN_INTENT_KEY);
  removeStorage('session', SIGN_IN_INTENT_KEY);
  try {
    const value = raw ? (JSON.parse(raw) as Partial<SignInIntent>) : {};
    return {
      continue: typeof value.continue === 'string' ? value.continue : null,
      createAccount: value.createAccount === true,
      compose: value.compose === true,
    };
  } catch {
    return { continue: null, createAccount: false, compose: false };
  }
}
