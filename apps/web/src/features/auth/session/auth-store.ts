import {
  authorize,
  authorizeQuerySchema,
  safeContinueTarget,
  SESSION_TIMER_MARGIN_MS,
} from '@mergeboard/core';
import type { AuthSession } from '@mergeboard/core';
import type { QueryClient } from '@tanstack/react-query';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { setAccessToken } from '../../../lib/access-token';
import { contractUrl, isApiError } from '../../../lib/api-client';
import { registerSessionRenewer } from '../../../lib/authed-call';
import { browserLocation } from '../../../lib/browser-location';
import { probeStorage } from '../../../lib/browser-storage';
import { logEvent } from '../../events';
import { createAccount } from '../api/create-user';
import { exchangeAuthCode } from '../api/exchange-token';
import { getCurrentUserQueryOptions } from '../api/get-current-user';
import { fetchRolloutStatus } from '../api/get-rollout-status';
import { refreshSession } from '../api/refresh-token';
import { revokeAuthSession } from '../api/revoke-session';
import { delegateTarget } from './delegate';
import type {
  AuthError,
  AuthState,
  AuthStore,
  CallbackParams,
  RequestComposePermissionOptions,
  SignInOutcome,
  StartSignInOptions,
} from './auth-state';
import type { ComposePermissionOutcome } from './compose-permission';
import { identityOf } from './identity';
import { reportAuthError } from './report-auth-error';
import { saveSignInIntent, takeSignInIntent } from './sign-in-intent';
import {
  clearStoredSession,
  hasStoredSession,
  storeDelegateToken,
  storeSession,
  storeSignedIn,
  takeStoredSession,
} from './stored-session';

type UserLookup =
  | { kind: 'user' }
  | { kind: 'no-user' }
  /** 401 after one refresh: the session was dropped with session-expired. */
  | { kind: 'lost' }
  | { kind: 'failed'; error: unknown };

/** setTimeout takes at most a signed 32-bit delay; longer ones fire at once. */
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

function timerDelay(at: number): number {
  return Math.min(Math.max(0, at - Date.now()), MAX_TIMER_DELAY_MS);
}

function errorDetails(error: unknown): { error: string; description: string } {
  if (isApiError(error)) return { error: error.code, description: error.message };
  return { error: 'unknown', description: error instanceof Error ? error.message : String(error) };
}

/**
 * The session client (AUTH-010..018): holds the auth state for React, keeps the session in
 * memory, cookies and storage, refreshes it on a timer, renews it for the API layer on a 401,
 * and runs the sign-in callback, logout and account switch.
 */
class BrowserAuthStore implements AuthStore {
  private state: AuthState;
  private readonly listeners = new Set<() => void>();
  private readonly queryClient: QueryClient;
  private session: AuthSession | null = null;
  private refreshTimer: ReturnType<typeof setTimeout> | null = null;
  private expiryTimer: ReturnType<typeof setTimeout> | null = null;
  private pendingRefresh: Promise<boolean> | null = null;
  private readonly callbacks = new Map<string, Promise<SignInOutcome>>();
  private started = false;
  /** How many mounted providers hold the store (React's StrictMode mounts twice). */
  private attachments = 0;

  constructor({ queryClient }: { queryClient: QueryClient }) {
    this.queryClient = queryClient;
    const storage = navigator.cookieEnabled === false || probeStorage() ? 'cookie-error' : 'ok';
    this.state = {
      token: null,
      getUserStatus: 'loading',
      error: null,
      startup: storage === 'ok' && hasStoredSession() ? 'restoring' : 'done',
      storage,
      signingIn: false,
      signedOut: null,
    };
  }

  // ---- React binding -------------------------------------------------------------------------

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getState = (): AuthState => this.state;

  private setState(patch: Partial<AuthState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  /**
   * Connects the store to the page: it becomes the API layer's session renewer, and on the
   * first call restores a stored session. The returned function disconnects it (timers off).
   */
  attach(): () => void {
    this.attachments += 1;
    const unregister = registerSessionRenewer({
      renewSession: () => this.refresh(),
      sessionLost: () => void this.endSession({ error: { type: 'session-expired' }, revoke: false }),
    });
    const onPageShow = (event: PageTransitionEvent) => {
      // Back from the provider through the back/forward cache: the redirect is over.
      if (event.persisted) this.setState({ signingIn: false });
    };
    window.addEventListener('pageshow', onPageShow);
    if (!this.started) {
      this.started = true;
      void this.restore();
    } else if (this.session) {
      setAccessToken(this.session.accessToken);
      this.scheduleTimers(this.session.expiresAt);
    }
    return () => {
      this.attachments -= 1;
      unregister();
      window.removeEventListener('pageshow', onPageShow);
      this.clearTimers();
    };
  }

  private get attached(): boolean {
    return this.attachments > 0;
  }

  // ---- Session ------------------------------------------------------------------------------

  /** Puts a new session in place: memory, cookie, storage and timers (AUTH-010, AUTH-011). */
  private applySession(session: AuthSession): void {
    this.session = session;
    // A call that settles after the app unmounted must not touch the page's cookies or token.
    if (!this.attached) return;
    setAccessToken(session.accessToken);
    storeSession(session);
    this.setState({ token: session.accessToken, signedOut: null });
    this.scheduleTimers(session.expiresAt);
  }

  private scheduleTimers(expiresAt: number): void {
    this.clearTimers();
    // AUTH-011: refresh SESSION_TIMER_MARGIN_MS (2 s) before the token expires...
    this.refreshTimer = setTimeout(
      () => void this.refresh(),
      timerDelay(expiresAt - SESSION_TIMER_MARGIN_MS),
    );
    // ...AUTH-012: and if no refresh replaced it by then, the session is over.
    this.expiryTimer = setTimeout(
      () => void this.endSession({ error: { type: 'session-expired' }, revoke: true }),
      timerDelay(expiresAt),
    );
  }

  private clearTimers(): void {
    if (this.refreshTimer !== null) clearTimeout(this.refreshTimer);
    if (this.expiryTimer !== null) clearTimeout(this.expiryTimer);
    this.refreshTimer = null;
    this.expiryTimer = null;
  }

  /** A new access token for the current session; concurrent callers share one request. */
  refresh(): Promise<boolean> {
    this.pendingRefresh ??= this.doRefresh().finally(() => {
      this.pendingRefresh = null;
    });
    return this.pendingRefresh;
  }

  private async doRefresh(): Promise<boolean> {
    const current = this.session;
    if (!current) return false;
    try {
      const next = await refreshSession(current.sessionId, current.accessToken);
      // Logged out (or signed in again) meanwhile: this answer belongs to a finished session.
      if (this.session !== current) return false;
      this.applySession(next);
      return true;
    } catch (error) {
      reportAuthError(error);
      return false;
    }
  }

  /**
   * Ends the session: timers off, token, cookies, storage and cached data gone (AUTH-017),
   * and on the server too when `revoke` (a failed revoke is ignored).
   */
  private async endSession({
    error = null,
    revoke,
    reason = null,
  }: {
    error?: AuthError | null;
    revoke: boolean;
    reason?: 'logout' | null;
  }): Promise<void> {
    const ended = this.session;
    this.session = null;
    this.clearTimers();
    if (!this.attached) return;
    setAccessToken(null);
    clearStoredSession();
    this.setState({ token: null, getUserStatus: 'loading', error, signedOut: reason });
    this.queryClient.clear();
    if (revoke && ended) {
      await revokeAuthSession(ended.sessionId, ended.accessToken).catch(reportAuthError);
    }
  }

  /** At start: bring back the session an earlier page load kept (AUTH-009, AUTH-010). */
  private async restore(): Promise<void> {
    if (this.state.storage !== 'ok') return;
    const stored = takeStoredSession();
    if (!stored) {
      this.setState({ startup: 'done' });
      return;
    }
    try {
      this.applySession(await refreshSession(stored.sessionId, stored.bearer));
    } catch (error) {
      reportAuthError(error);
      if (isApiError(error) && error.status >= 400 && error.status < 500) {
        // The server no longer knows this session: it expired or was revoked elsewhere.
        clearStoredSession();
        this.setState({ startup: 'done', error: { type: 'session-expired' } });
      } else {
        // Server unreachable: stay signed out for now, keep the session for the next load.
        this.setState({ startup: 'done' });
      }
      return;
    }
    const lookup = await this.loadUser();
    if (lookup.kind === 'no-user') {
      const email = identityOf(this.session?.idToken).email;
      await this.endSession({ error: email ? { type: 'no-user', payload: email } : null, revoke: true });
    } else if (lookup.kind === 'failed') {
      await this.endSession({ revoke: false });
    }
    this.setState({ startup: 'done' });
  }

  /**
   * Loads the signed-in user into the query cache. A 401 renews the session once through the
   * API layer (AUTH-014/015); 404 means this sign-in has no account yet (AUTH-016).
   */
  private async loadUser(): Promise<UserLookup> {
    this.setState({ getUserStatus: 'loading' });
    try {
      await this.queryClient.fetchQuery({ ...getCurrentUserQueryOptions(), staleTime: 0 });
      this.setState({ getUserStatus: 'success', error: null });
      return { kind: 'user' };
    } catch (error) {
      // The API layer ended the session (401 after one renewal) and the cache went with it.
      if (!this.session || (isApiError(error) && error.status === 401)) return { kind: 'lost' };
      reportAuthError(error);
      if (isApiError(error) && error.status === 404) return { kind: 'no-user' };
      return { kind: 'failed', error };
    }
  }

  // ---- Sign-in ------------------------------------------------------------------------------

  /**
   * Leaves for the provider (AUTH-002): remembers where to go and whether to create the
   * account, then navigates the whole page to the server's authorize endpoint.
   */
  readonly startSignIn = ({ continueTo = null, createAccount = false }: StartSignInOptions = {}): void => {
    saveSignInIntent({ continue: continueTo, createAccount });
    this.setState({ signingIn: true });
    browserLocation.assign(contractUrl(authorize, { query: { prompt: 'select_account' } }));
  };

  /**
   * AUTH-019 (TPL-004): sends a signed-in person to the provider to grant the mail compose scope
   * (`authorize?compose=1`), to come back to `continueTo`. Like every sign-in, the target travels
   * in session storage (the sign-in intent), never in a URL, and is checked on return. The page
   * finds the outcome in its location state ({@link composePermissionOutcome}).
   */
  readonly requestComposePermission = ({
    continueTo,
    loginHint = null,
  }: RequestComposePermissionOptions): void => {
    saveSignInIntent({ continue: continueTo, createAccount: false, compose: true });
    this.setState({ signingIn: true });
    const query = { compose: '1' as const, ...(loginHint ? { loginHint } : {}) };
    // An address the server would refuse as a hint is left out rather than failing the trip.
    const checked = authorizeQuerySchema.safeParse(query).success ? query : { compose: '1' as const };
    browserLocation.assign(contractUrl(authorize, { query: checked }));
  };

  /**
   * The provider sent the browser back to /login/callback: run the sign-in (AUTH-002..008) and
   * say where to go. Runs once per code, however often the screen asks.
   */
  completeSignIn(params: CallbackParams): Promise<SignInOutcome> {
    const key = params.code ?? `error:${params.error ?? ''}`;
    let outcome = this.callbacks.get(key);
    if (!outcome) {
      outcome = this.runSignIn(params);
      this.callbacks.set(key, outcome);
    }
    return outcome;
  }

  private async runSignIn(params: CallbackParams): Promise<SignInOutcome> {
    const intent = takeSignInIntent();
    const continueTo = safeContinueTarget(intent.continue);
    const backToLogin: SignInOutcome = { kind: 'navigate', to: paths.auth.login.getHref(continueTo) };
    // AUTH-019: a compose request that did not come through goes back to the page that asked,
    // signed in as before; that page says so (TPL-005).
    const composeReturn = (composePermission: ComposePermissionOutcome): SignInOutcome => ({
      kind: 'navigate',
      to: continueTo,
      state: { composePermission },
    });

    const fail = async (
      error: AuthError | null,
      log: { error: string; description: string },
    ): Promise<SignInOutcome> => {
      // EVT-005: a failed login is logged with the error and its description.
      logEvent('login_failed', log);
      if (this.session) await this.endSession({ error, revoke: true });
      else if (error) this.setState({ error });
      return backToLogin;
    };

    if (params.error || !params.code || !params.state) {
      if (intent.compose) return composeReturn('failed');
      return fail(
        { type: 'google' },
        {
          error: params.error ?? 'missing_code',
          description: params.errorDescription ?? 'The sign-in provider returned no authorization code.',
        },
      );
    }

    let session: AuthSession;
    try {
      session = await exchangeAuthCode({
        code: params.code,
        state: params.state,
        ...(params.iss ? { iss: params.iss } : {}),
      });
    } catch (error) {
      reportAuthError(error);
      if (intent.compose) return composeReturn('failed');
      // The state cookie did not survive the trip: cookies blocked, typically incognito.
      const incognito = isApiError(error) && error.code === 'state_mismatch';
      return fail({ type: incognito ? 'incognito-mode' : 'google' }, errorDetails(error));
    }
    // Signed in already (a compose request): the new session replaces the old one, which ends.
    const replaced = this.session;
    this.applySession(session);
    if (replaced && replaced.sessionId !== session.sessionId) {
      void revokeAuthSession(replaced.sessionId, replaced.accessToken).catch(reportAuthError);
    }

    // AUTH-007/008: users not yet moved to this app continue in the legacy app.
    if (env.legacyAppUrl) {
      const eligible = await fetchRolloutStatus().then(
        (status) => status.isEligible,
        (error: unknown) => {
          reportAuthError(error);
          return true;
        },
      );
      if (!eligible) {
        storeDelegateToken(session.backendIdToken);
        browserLocation.assign(delegateTarget(env.legacyAppUrl, continueTo));
        return { kind: 'external' };
      }
    }

    let lookup = await this.loadUser();
    let created = false;
    if (lookup.kind === 'no-user' && intent.createAccount) {
      const identity = identityOf(session.idToken);
      if (!identity.email) {
        return fail(
          { type: 'can-not-create-user' },
          { error: 'no_email', description: 'No e-mail in id token' },
        );
      }
      try {
        await createAccount({
          userEmail: identity.email,
          ...(identity.name ? { userName: identity.name.slice(0, 256) } : {}),
        });
      } catch (error) {
        // Created meanwhile (another tab): carry on with the existing account.
        if (!(isApiError(error) && error.status === 409)) {
          reportAuthError(error);
          return fail({ type: 'can-not-create-user' }, errorDetails(error));
        }
      }
      created = true;
      lookup = await this.loadUser();
      if (lookup.kind !== 'user') {
        return fail({ type: 'can-not-create-user' }, { error: lookup.kind, description: 'User not found' });
      }
    }

    switch (lookup.kind) {
      case 'user':
        if (this.attached) storeSignedIn(Date.now());
        if (created) {
          return {
            kind: 'navigate',
            to: paths.onboarding.getStarted.getHref(),
            state: { accountCreated: true },
          };
        }
        return intent.compose ? composeReturn('granted') : { kind: 'navigate', to: continueTo };
      case 'no-user': {
        const email = identityOf(session.idToken).email ?? '';
        return fail(
          { type: 'no-user', payload: email },
          { error: 'no-user', description: 'This sign-in has no account yet.' },
        );
      }
      case 'lost':
        return fail({ type: 'session-expired' }, { error: 'unauthorized', description: 'Session lost' });
      case 'failed':
        return fail({ type: 'google' }, errorDetails(lookup.error));
    }
  }

  // ---- Logout and switch --------------------------------------------------------------------

  /** AUTH-017: clears timers, revokes the session, clears caches, cookies and storage. */
  readonly logout = async (): Promise<void> => {
    await this.endSession({ revoke: true, reason: 'logout' });
  };

  /** AUTH-018: ends this session first, then signs in again choosing the account. */
  readonly switchAccount = async (): Promise<void> => {
    await this.endSession({ revoke: true, reason: 'logout' });
    this.startSignIn();
  };
}

export function createAuthStore(options: { queryClient: QueryClient }): AuthStore {
  return new BrowserAuthStore(options);
}
