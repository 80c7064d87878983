import { safeContinueTarget } from '@mergeboard/core';
import type { AuthSession } from '@mergeboard/core';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { browserLocation } from '../../../lib/browser-location';
import { logEvent } from '../../events';
import { createAccount } from '../api/create-user';
import { exchangeAuthCode } from '../api/exchange-token';
import { fetchRolloutStatus } from '../api/get-rollout-status';
import { revokeAuthSession } from '../api/revoke-session';
import type { AuthError, CallbackParams, SignInOutcome } from './auth-state';
import type { ComposePermissionOutcome } from './compose-permission';
import { delegateTarget } from './delegate';
import { identityOf } from './identity';
import type { UserLookup } from './load-current-user';
import { reportAuthError } from './report-auth-error';
import { takeSignInIntent } from './sign-in-intent';
import { storeDelegateToken, storeSignedIn } from './stored-session';

/** What the sign-in callback needs of the store that runs it. */
export interface SignInHost {
  currentSession(): AuthSession | null;
  /** Whether the store is still connected to the page (it was not unmounted meanwhile). */
  isAttached(): boolean;
  applySession(session: AuthSession): void;
  endSession(options: { error: AuthError | null; revoke: true }): Promise<void>;
  showError(error: AuthError): void;
  loadUser(): Promise<UserLookup>;
}

/** Continue targets after which a new account starts the onboarding rather than going on. */
const NOWHERE_IN_PARTICULAR = new Set([
  '/',
  paths.onboarding.getStarted.getHref(),
  paths.onboarding.signup.getHref(),
]);

function errorDetails(error: unknown): { error: string; description: string } {
  if (isApiError(error)) return { error: error.code, description: error.message };
  return { error: 'unknown', description: error instanceof Error ? error.message : String(error) };
}

/**
 * The provider sent the browser back to /login/callback: run the sign-in (AUTH-002 AUTH-003 AUTH-004 AUTH-005
 * AUTH-006 AUTH-007 AUTH-008) and say where to go.
 */
export async function runSignInCallback(params: CallbackParams, host: SignInHost): Promise<SignInOutcome> {
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
    if (host.currentSession()) await host.endSession({ error, revoke: true });
    else if (error) host.showError(error);
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
  const replaced = host.currentSession();
  host.applySession(session);
  if (replaced && replaced.sessionId !== session.sessionId) {
    void revokeAuthSession(replaced.sessionId, replaced.accessToken).catch(reportAuthError);
  }

  // AUTH-007 AUTH-008: users not yet moved to this app continue in the legacy app.
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

  let lookup = await host.loadUser();
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
    lookup = await host.loadUser();
    if (lookup.kind !== 'user') {
      return fail({ type: 'can-not-create-user' }, { error: lookup.kind, description: 'User not found' });
    }
  }

  switch (lookup.kind) {
    case 'user':
      if (host.isAttached()) storeSignedIn(Date.now());
      // A new account with somewhere to go (an invitation link, INV-002) goes there (AUTH-006);
      // with nowhere in particular it starts the onboarding on step 2 (ONB-020).
      if (created && NOWHERE_IN_PARTICULAR.has(continueTo)) {
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
