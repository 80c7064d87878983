import { act, screen, waitFor, within } from '@testing-library/react';
import { SESSION_TIMER_MARGIN_MS } from '@mergeboard/core';
import { describe, expect, it, vi } from 'vitest';
import { getAccessToken } from '../../lib/access-token';
import { browserLocation } from '../../lib/browser-location';
import { getCookie } from '../../lib/cookies';
import { authSession, currentUser, SESSION_ID } from '../../testing/auth-fixtures';
import { apiError, json } from '../../testing/fake-server';
import { renderSignedIn } from '../../testing/signed-in';
import { AUTH_COOKIE, BACKEND_ID_TOKEN_KEY, LAST_LOGIN_KEY, SESSION_COOKIE } from './index';
import { realTrigger } from '../../testing/load-on-intent';

const EXPIRED = 'Your session has expired, please sign in again';

describe('session refresh on 401', () => {
  it('AUTH-014: a 401 on the user lookup refreshes the token once and retries with the new one', async () => {
    const restored = authSession();
    const renewed = authSession();
    const { server } = await renderSignedIn('/', {
      routes: {
        'POST /api/v1/auth/refresh-token': [json(200, restored), json(200, renewed)],
        'GET /api/v2/users/me': [apiError(401, 'unauthorized'), json(200, currentUser())],
      },
    });

    expect(await screen.findByRole('heading', { name: 'Mail merges' })).toBeInTheDocument();
    const refreshes = server.calls('POST /api/v1/auth/refresh-token');
    expect(refreshes).toHaveLength(2);
    // Restoring uses the stored backend token; the renewal the session's access token.
    expect(refreshes[0]?.bearer).toBe('stored-backend-token');
    expect(refreshes[1]?.bearer).toBe(restored.accessToken);
    expect(server.calls('GET /api/v2/users/me').map((call) => call.bearer)).toEqual([
      restored.accessToken,
      renewed.accessToken,
    ]);
    expect(getAccessToken()).toBe(renewed.accessToken);
  });

  it('AUTH-015: a second 401 after the refresh clears the session and shows session-expired on /login', async () => {
    const { router } = await renderSignedIn('/templates?x=1', {
      routes: { 'GET /api/v2/users/me': apiError(401, 'unauthorized') },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(EXPIRED);
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('continue')).toBe('/templates?x=1');
    expect(getAccessToken()).toBeNull();
    expect(getCookie(SESSION_COOKIE)).toBeNull();
    expect(window.localStorage.getItem(BACKEND_ID_TOKEN_KEY)).toBeNull();
  });

  it('AUTH-015: a refresh that fails after a 401 also clears the session', async () => {
    const { server } = await renderSignedIn('/', {
      routes: {
        'POST /api/v1/auth/refresh-token': [json(200, authSession()), apiError(401, 'unauthorized')],
        'GET /api/v2/users/me': apiError(401, 'unauthorized'),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(EXPIRED);
    expect(server.calls('GET /api/v2/users/me')).toHaveLength(1);
    expect(getCookie(SESSION_COOKIE)).toBeNull();
  });
});

describe('session timers', () => {
  it('AUTH-011: the token is refreshed 2 s before it expires', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    const lifetime = 10 * 60_000;
    const first = authSession({ expiresAt: Date.now() + lifetime });
    const { server } = await renderSignedIn('/', {
      routes: {
        'POST /api/v1/auth/refresh-token': [
          json(200, first),
          () => json(200, authSession({ expiresAt: Date.now() + lifetime })),
        ],
      },
    });
    expect(await screen.findByRole('heading', { name: 'Mail merges' })).toBeInTheDocument();
    const refreshes = () => server.calls('POST /api/v1/auth/refresh-token');
    expect(refreshes()).toHaveLength(1);

    // One second before the margin: nothing yet (real time may add a few ms, never a second).
    await act(() =>
      vi.advanceTimersByTimeAsync(first.expiresAt - SESSION_TIMER_MARGIN_MS - Date.now() - 1000),
    );
    expect(refreshes()).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(refreshes()).toHaveLength(2));
    expect(refreshes()[1]?.bearer).toBe(first.accessToken);
    expect(refreshes()[1]?.body).toEqual({ sessionId: SESSION_ID });
    await waitFor(() => expect(getAccessToken()).not.toBe(first.accessToken));
    // Still signed in, and well past the first expiry.
    await act(() => vi.advanceTimersByTimeAsync(SESSION_TIMER_MARGIN_MS + 1000));
    expect(screen.getByRole('heading', { name: 'Mail merges' })).toBeInTheDocument();
  });

  it('AUTH-012: when no refresh succeeded by the expiry, the user is logged out with session-expired', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    const first = authSession({ expiresAt: Date.now() + 5 * 60_000 });
    const { router, server } = await renderSignedIn('/', {
      routes: {
        'POST /api/v1/auth/refresh-token': [json(200, first), apiError(503, 'unavailable')],
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await screen.findByRole('heading', { name: 'Mail merges' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(first.expiresAt - Date.now() + 10));

    expect(await screen.findByRole('alert')).toHaveTextContent(EXPIRED);
    expect(router.state.location.pathname).toBe('/login');
    expect(server.calls('POST /api/v1/auth/refresh-token')).toHaveLength(2);
    expect(getAccessToken()).toBeNull();
    expect(getCookie(SESSION_COOKIE)).toBeNull();
  });
});

describe('logout and switch account', () => {
  it('AUTH-017: Log out revokes the session, clears cookies, storage and cache, and goes to /login', async () => {
    const session = authSession();
    const { user, server, router, queryClient } = await renderSignedIn('/templates', {
      routes: { 'POST /api/v1/auth/refresh-token': json(200, session) },
    });
    window.localStorage.setItem(LAST_LOGIN_KEY, '1700000000000');
    expect(getCookie(SESSION_COOKIE)).toBe(SESSION_ID);

    await screen.findByRole('button', { name: /Account menu$/ });
    await user.click(await realTrigger(user, () => screen.getByRole('button', { name: /Account menu$/ })));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));

    expect(
      await screen.findByRole('button', { name: 'Sign in with your email address' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/login');
    await waitFor(() => expect(server.calls('POST /api/v1/auth/revoke')).toHaveLength(1));
    const [revoke] = server.calls('POST /api/v1/auth/revoke');
    expect(revoke?.body).toEqual({ sessionId: SESSION_ID });
    expect(revoke?.bearer).toBe(session.accessToken);
    expect(getAccessToken()).toBeNull();
    expect(getCookie(SESSION_COOKIE)).toBeNull();
    expect(getCookie(AUTH_COOKIE)).toBeNull();
    expect(window.localStorage.getItem(BACKEND_ID_TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(LAST_LOGIN_KEY)).toBeNull();
    // The signed-in user's data is gone from the cache.
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.data !== undefined),
    ).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('AUTH-017: a failed revoke does not keep the user signed in', async () => {
    await renderSignedIn('/', {
      routes: { 'POST /api/v1/auth/revoke': apiError(500, 'internal_error') },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    await screen.findByRole('button', { name: /Account menu$/ });
    await user.click(await realTrigger(user, () => screen.getByRole('button', { name: /Account menu$/ })));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(
      await screen.findByRole('button', { name: 'Sign in with your email address' }),
    ).toBeInTheDocument();
    expect(getCookie(SESSION_COOKIE)).toBeNull();
  });

  it('AUTH-018: Switch account ends the session, then signs in again choosing the account', async () => {
    const { user, server } = await renderSignedIn('/');
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});

    await screen.findByRole('button', { name: /Account menu$/ });
    await user.click(await realTrigger(user, () => screen.getByRole('button', { name: /Account menu$/ })));
    await user.click(await screen.findByRole('menuitem', { name: 'Switch account' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/v1/auth/authorize?prompt=select_account'));
    expect(server.calls('POST /api/v1/auth/revoke')).toHaveLength(1);
    expect(getCookie(SESSION_COOKIE)).toBeNull();
    expect(getAccessToken()).toBeNull();
  });
});

describe('cookies disabled', () => {
  it('AUTH-027 AUTH-028: with cookies disabled the app shows Whoops with the help link of the browser', async () => {
    vi.spyOn(navigator, 'cookieEnabled', 'get').mockReturnValue(false);
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    );
    const { renderRoute } = await import('../../testing/render');
    renderRoute('/login');

    const page = await screen.findByRole('main');
    expect(within(page).getByRole('heading', { name: 'Whoops' })).toBeInTheDocument();
    expect(
      within(page).getByText('First and third party cookies must be enabled to use the dashboard.'),
    ).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: 'How to enable cookies in Chrome' })).toHaveAttribute(
      'href',
      'https://support.google.com/chrome/answer/95647',
    );
    expect(screen.queryByRole('button', { name: 'Sign in with your email address' })).not.toBeInTheDocument();
  });

  it('AUTH-025: storage that throws on access (cookie-error) shows the same page on any route', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const { renderRoute } = await import('../../testing/render');
    renderRoute('/unsubscribed');
    expect(await screen.findByRole('heading', { name: 'Whoops' })).toBeInTheDocument();
  });
});
