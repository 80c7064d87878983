import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { env } from '../../config/env';
import { getAccessToken } from '../../lib/access-token';
import { browserLocation } from '../../lib/browser-location';
import { getCookie, setCookie } from '../../lib/cookies';
import {
  authSession,
  currentUser,
  SESSION_ID,
  seedStoredSession,
  signedInRoutes,
} from '../../testing/auth-fixtures';
import { apiError, fakeServer, json } from '../../testing/fake-server';
import { renderRoute } from '../../testing/render';
import { spaceEntry, spaceRoutes } from '../../testing/space-fixtures';
import {
  AUTH_COOKIE,
  BACKEND_ID_TOKEN_KEY,
  DELEGATE_COOKIE,
  DELEGATE_TOKEN_COOKIE,
  LAST_LOGIN_KEY,
  SESSION_COOKIE,
  SIGN_IN_INTENT_KEY,
} from './index';

const INVITATION_TOKEN = 'T'.repeat(43);
const SPACE_PATH = '/6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b/pats-space/mail-merges/sent?page=2';

function returnFromProvider(intent: { continue: string | null; createAccount: boolean }) {
  window.sessionStorage.setItem(SIGN_IN_INTENT_KEY, JSON.stringify(intent));
  return renderRoute('/login/callback?code=the-code&state=the-state');
}

describe('sign-in callback', () => {
  it('AUTH-002 AUTH-006 AUTH-005 AUTH-010 AUTH-020: exchanges the code, loads the user and goes to the continue target', async () => {
    const session = authSession();
    const server = fakeServer({
      'POST /api/v1/auth/token': json(200, session),
      'GET /api/v2/users/me': json(200, currentUser()),
    });
    const { router } = returnFromProvider({ continue: SPACE_PATH, createAccount: false });

    expect(await screen.findByRole('heading', { name: 'Mail merges' })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe(SPACE_PATH);

    const [exchange] = server.calls('POST /api/v1/auth/token');
    expect(exchange?.body).toEqual({ code: 'the-code', state: 'the-state' });
    expect(exchange?.bearer).toBeNull();
    const [me] = server.calls('GET /api/v2/users/me');
    expect(me?.url.search).toBe('?includeWorkspaces=true');
    expect(me?.bearer).toBe(session.accessToken);

    // In memory, in the SESSION_ID cookie and local storage; plus the auth cookie.
    expect(getAccessToken()).toBe(session.accessToken);
    expect(getCookie(SESSION_COOKIE)).toBe(SESSION_ID);
    expect(getCookie(AUTH_COOKIE)).toBe('1');
    expect(window.localStorage.getItem(BACKEND_ID_TOKEN_KEY)).toBe(session.backendIdToken);
    expect(Number(window.localStorage.getItem(LAST_LOGIN_KEY))).toBeGreaterThan(0);
    expect(window.sessionStorage.getItem(SIGN_IN_INTENT_KEY)).toBeNull();
  });

  it('AUTH-006 ROUTE-001: an unsafe continue target falls back to /, which opens the best space', async () => {
    fakeServer({
      'POST /api/v1/auth/token': json(200, authSession()),
      'GET /api/v2/users/me': json(200, currentUser()),
    });
    const { router } = returnFromProvider({ continue: 'https://evil.example/', createAccount: false });
    expect(await screen.findByRole('heading', { name: 'Mail merges' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(
      `${currentUser().userWorkspaces?.[0]?.urlPrefix}/mail-merges/sent`,
    );
  });

  it('AUTH-004 ONB-020: with createAccount, a missing user is created from the id token and onboarding opens on step 2', async () => {
    const server = fakeServer({
      'POST /api/v1/auth/token': json(200, authSession()),
      'GET /api/v2/users/me': [apiError(404, 'user_not_found'), json(200, currentUser())],
      'POST /api/v2/users/workspace-activation-create-user': json(201, currentUser()),
    });
    const { router } = returnFromProvider({ continue: null, createAccount: true });

    expect(
      await screen.findByRole('heading', { level: 1, name: `Install ${env.productName}` }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/get-started');
    expect(server.calls('POST /api/v2/users/workspace-activation-create-user')[0]?.body).toEqual({
      userEmail: 'pat@gmail.com',
      userName: 'Pat Doe',
      createSource: 'WEBAPP',
    });
    expect(server.calls('GET /api/v2/users/me')).toHaveLength(2);
    expect(getCookie(AUTH_COOKIE)).toBe('1');
  });

  it('INV-002 INV-004 AUTH-004 AUTH-006: an account created from an invitation link joins the space at once, with the join alert', async () => {
    const own = spaceEntry(1, "Pat's space", { userRole: 'OWNER', isSendingWorkspace: true });
    const joined = spaceEntry(2, 'Acme Sales', { userRole: 'MEMBER' });
    const accept = `PUT /api/v1/invitations/${INVITATION_TOKEN}/accept`;
    const created = currentUser({ addonWorkspaceId: own.workspaceId, userWorkspaces: [own] });
    const member = currentUser({ addonWorkspaceId: own.workspaceId, userWorkspaces: [own, joined] });
    const server = fakeServer({
      ...spaceRoutes(member),
      'POST /api/v1/auth/token': json(200, authSession()),
      'GET /api/v2/users/me': [apiError(404, 'user_not_found'), json(200, created), json(200, member)],
      'POST /api/v2/users/workspace-activation-create-user': json(201, created),
      [accept]: json(200, {
        workspaceId: joined.workspaceId,
        workspaceName: 'Acme Sales',
        isActiveWorkspace: false,
      }),
    });
    const { router } = returnFromProvider({
      continue: `/invitations/${INVITATION_TOKEN}/accept`,
      createAccount: true,
    });

    await waitFor(() => expect(router.state.location.pathname).toBe(`${joined.urlPrefix}/mail-merges/sent`));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Welcome to ${env.productName}`);
    expect(alert).toHaveTextContent('You have successfully joined Acme Sales.');
    // The new account already sends from its own space: nothing was switched.
    expect(alert).not.toHaveTextContent('automatically switched');
    expect(server.calls('POST /api/v2/users/workspace-activation-create-user')).toHaveLength(1);
    expect(server.calls(accept)).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: `Install ${env.productName}` })).not.toBeInTheDocument();
  });

  it('AUTH-003 AUTH-016: without createAccount, a missing user ends the session with no-user', async () => {
    const server = fakeServer({
      'POST /api/v1/auth/token': json(200, authSession()),
      'GET /api/v2/users/me': apiError(404, 'user_not_found'),
      'POST /api/v1/auth/revoke': json(200, { revoked: true }),
    });
    const { router } = returnFromProvider({ continue: null, createAccount: false });

    expect(await screen.findByText(/^pat@gmail\.com doesn't have a/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(server.calls('POST /api/v2/users/workspace-activation-create-user')).toHaveLength(0);
    expect(server.calls('POST /api/v1/auth/revoke')[0]?.body).toEqual({ sessionId: SESSION_ID });
    expect(getAccessToken()).toBeNull();
    expect(getCookie(SESSION_COOKIE)).toBeNull();
    expect(window.localStorage.getItem(BACKEND_ID_TOKEN_KEY)).toBeNull();
  });
});

describe('delegate (legacy app) users', () => {
  const originalLegacyUrl = env.legacyAppUrl;
  afterEach(() => {
    env.legacyAppUrl = originalLegacyUrl;
  });

  it('AUTH-007 AUTH-008: an ineligible user goes to the legacy app, without the space prefix, with a token cookie', async () => {
    env.legacyAppUrl = 'https://legacy.example.com/';
    const session = authSession();
    const server = fakeServer({
      'POST /api/v1/auth/token': json(200, session),
      'GET /api/v2/users/workspace-activation-status/me': json(200, {
        isRegistered: true,
        isEligible: false,
        isPerSeat: false,
        userV2: false,
        lastActivatedStep: 0,
      }),
    });
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    returnFromProvider({ continue: SPACE_PATH, createAccount: false });

    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://legacy.example.com/mail-merges/sent?page=2'),
    );
    expect(getCookie(DELEGATE_TOKEN_COOKIE)).toBe(session.backendIdToken);
    expect(server.calls('GET /api/v2/users/me')).toHaveLength(0);
  });

  it('AUTH-002: an eligible user carries on with the user lookup', async () => {
    env.legacyAppUrl = 'https://legacy.example.com';
    fakeServer({
      'POST /api/v1/auth/token': json(200, authSession()),
      'GET /api/v2/users/workspace-activation-status/me': json(200, {
        isRegistered: true,
        isEligible: true,
        isPerSeat: true,
        userV2: true,
        lastActivatedStep: 3,
      }),
      'GET /api/v2/users/me': json(200, currentUser()),
    });
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    returnFromProvider({ continue: null, createAccount: false });
    expect(await screen.findByRole('heading', { name: 'Mail merges' })).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('AUTH-009: a delegate cookie supplies the backend token for the restore once and is removed', async () => {
    seedStoredSession('stored-backend-token');
    setCookie(DELEGATE_COOKIE, 'delegate-token');
    const server = fakeServer(signedInRoutes());
    renderRoute('/');

    expect(await screen.findByRole('heading', { name: 'Mail merges' })).toBeInTheDocument();
    const [refresh] = server.calls('POST /api/v1/auth/refresh-token');
    expect(refresh?.bearer).toBe('delegate-token');
    expect(refresh?.body).toEqual({ sessionId: SESSION_ID });
    expect(getCookie(DELEGATE_COOKIE)).toBeNull();
  });
});
