import type { ComposePermissionState } from './compose-permission';

/**
 * The session's state and the store's public face. The React binding (components/auth-context)
 * knows the store only through these types, so it does not depend on the store's code.
 */

/** AUTH-021 AUTH-022: why the visitor is on the login screen (or the Whoops page) instead. */
export type AuthError =
  | { type: 'session-expired' | 'google' | 'can-not-create-user' | 'incognito-mode'; payload?: undefined }
  /** payload: the address that has no account yet. */
  | { type: 'no-user'; payload: string };
export type AuthErrorType = AuthError['type'];

export interface AuthState {
  /** The access token while signed in (ROUTE-001: its presence decides the routing). */
  token: string | null;
  /** 'success' once the signed-in user is loaded (AUTH-021). */
  getUserStatus: 'loading' | 'success';
  error: AuthError | null;
  /** 'restoring' while a session kept by an earlier page load is brought back (spinner). */
  startup: 'restoring' | 'done';
  /** 'cookie-error' when cookies or storage are blocked: the Whoops page (AUTH-025, AUTH-027). */
  storage: 'ok' | 'cookie-error';
  /** The browser is on its way to the sign-in provider (spinner, AUTH-038). */
  signingIn: boolean;
  /** 'logout' after an explicit logout: go to the bare /login, without a continue target. */
  signedOut: 'logout' | null;
}

/** Where the callback screen goes once sign-in is settled. */
export type SignInOutcome =
  | { kind: 'navigate'; to: string; state?: { accountCreated: true } | ComposePermissionState }
  /** The browser is leaving the app (delegate redirect to the legacy app). */
  | { kind: 'external' };

export interface CallbackParams {
  code: string | null;
  state: string | null;
  /** RFC 9207: the provider names itself in the callback; the server compares it. */
  iss?: string | null;
  /** The provider's error (`error`, `error_description`), e.g. access_denied. */
  error: string | null;
  errorDescription: string | null;
}

export interface StartSignInOptions {
  /** Where to go after sign-in; checked with safeContinueTarget on return. */
  continueTo?: string | null;
  /** Create the account if this sign-in has none (AUTH-004). */
  createAccount?: boolean;
  /** The address the provider should ask for, when it is already known (the no-user e-mail). */
  loginHint?: string | null;
}

export interface RequestComposePermissionOptions {
  /** The page to come back to (checked with safeContinueTarget on return), e.g. the templates page. */
  continueTo: string;
  /** The signed-in address, so the provider asks that account (Google's account chooser skips). */
  loginHint?: string | null;
  /** Ask for read access to Google Sheets (linking a sheet) instead of the compose scope; same return trip. */
  sheets?: boolean;
}

/**
 * The session client (AUTH-010 AUTH-011 AUTH-012 AUTH-013 AUTH-014 AUTH-015 AUTH-016 AUTH-017 AUTH-018): the
 * auth state for React, and the session actions. One per app (and per test), made by createAuthStore.
 */
export interface AuthStore {
  // The arrow-typed members are bound: React and the screens pass them around detached.
  readonly subscribe: (listener: () => void) => () => void;
  readonly getState: () => AuthState;
  /**
   * Connects the store to the page: it becomes the API layer's session renewer, and on the
   * first call restores a stored session. The returned function disconnects it (timers off).
   */
  attach(): () => void;
  /** A new access token for the current session; concurrent callers share one request. */
  refresh(): Promise<boolean>;
  /** AUTH-002: leaves for the provider to sign in. */
  readonly startSignIn: (options?: StartSignInOptions) => void;
  /** AUTH-019 (TPL-004): leaves for the provider to grant the mail compose scope (or Sheets, `sheets`). */
  readonly requestComposePermission: (options: RequestComposePermissionOptions) => void;
  /** Runs the sign-in the provider sent the browser back with, once per code. */
  completeSignIn(params: CallbackParams): Promise<SignInOutcome>;
  /** AUTH-017 */
  readonly logout: () => Promise<void>;
  /** AUTH-018 */
  readonly switchAccount: () => Promise<void>;
}
