import type { AuthSession } from '@mergeboard/core';
import type { QueryClient } from '@tanstack/react-query';
import { setAccessToken } from '../../../lib/access-token';
import { isApiError } from '../../../lib/api-client';
import { registerSessionRenewer } from '../../../lib/authed-call';
import { browserLocation } from '../../../lib/browser-location';
import { probeStorage } from '../../../lib/browser-storage';
import { refreshSession } from '../api/refresh-token';
import { revokeAuthSession } from '../api/revoke-session';
import type {
  AuthError,
  AuthState,
  AuthStore,
  CallbackParams,
  RequestComposePermissionOptions,
  SignInOutcome,
  StartSignInOptions,
} from './auth-state';
import { identityOf } from './identity';
import { lookUpCurrentUser } from './load-current-user';
import type { UserLookup } from './load-current-user';
import { composePermissionUrl, signInUrl } from './provider-redirect';
import { reportAuthError } from './report-auth-error';
import { runSignInCallback } from './sign-in-callback';
import type { SignInHost } from './sign-in-callback';
import { saveSignInIntent } from './sign-in-intent';
import { clearStoredSession, hasStoredSession, storeSession, takeStoredSession } from './stored-session';
import { SessionTimers } from './session-timers';

/**
 * The session client (AUTH-010 AUTH-011 AUTH-012 AUTH-013 AUTH-014 AUTH-015 AUTH-016 AUTH-017 AUTH-018):
 * holds the auth state for React, keeps the session in memory, cookies and storage, refreshes it on a timer,
 * renews it for the API layer on a 401, and runs the sign-in callback, logout and account switch.
 */
class BrowserAuthStore implements AuthStore {
  private state: AuthState;
  private readonly listeners = new Set<() => void>();
  private readonly queryClient: QueryClient;
  private session: AuthSession | null = null;
  private readonly timers = new SessionTimers();
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
      this.timers.clear();
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
    this.timers.schedule(expiresAt, {
      refresh: () => void this.refresh(),
      expire: () => void this.endSession({ error: { type: 'session-expired' }, revoke: true }),
    });
  }

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
    this.timers.clear();
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

  private async loadUser(): Promise<UserLookup> {
    this.setState({ getUserStatus: 'loading' });
    const lookup = await lookUpCurrentUser(this.queryClient, () => this.session !== null);
    if (lookup.kind === 'user') this.setState({ getUserStatus: 'success', error: null });
    return lookup;
  }

  // ---- Sign-in ------------------------------------------------------------------------------

  /** Remembers where to go and whether to create the account, then leaves for the provider. */
  readonly startSignIn = ({
    continueTo = null,
    createAccount = false,
    loginHint = null,
  }: StartSignInOptions = {}): void => {
    saveSignInIntent({ continue: continueTo, createAccount });
    this.setState({ signingIn: true });
    browserLocation.assign(signInUrl(loginHint));
  };

  /**
   * Like every sign-in, the target travels in session storage (the sign-in intent), never in a
   * URL, and is checked on return. The page finds the outcome in its location state
   * ({@link composePermissionOutcome}).
   */
  readonly requestComposePermission = ({
    continueTo,
    loginHint = null,
    sheets,
  }: RequestComposePermissionOptions): void => {
    saveSignInIntent({ continue: continueTo, createAccount: false, compose: true });
    this.setState({ signingIn: true });
    browserLocation.assign(composePermissionUrl(loginHint, sheets));
  };

  /** Runs once per code, however often the callback screen asks. */
  completeSignIn(params: CallbackParams): Promise<SignInOutcome> {
    const key = params.code ?? `error:${params.error ?? ''}`;
    let outcome = this.callbacks.get(key);
    if (!outcome) {
      outcome = runSignInCallback(params, this.signInHost);
      this.callbacks.set(key, outcome);
    }
    return outcome;
  }

  private readonly signInHost: SignInHost = {
    currentSession: () => this.session,
    isAttached: () => this.attached,
    applySession: (session) => this.applySession(session),
    endSession: (options) => this.endSession(options),
    showError: (error) => this.setState({ error }),
    loadUser: () => this.loadUser(),
  };

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
