import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { env } from '../../config/env';
import { browserLocation } from '../../lib/browser-location';
import { authSession, currentUser, seedStoredSession } from '../../testing/auth-fixtures';
import { apiError, fakeServer, json } from '../../testing/fake-server';
import { renderRoute } from '../../testing/render';
import { setViewportWidth } from '../../testing/viewport';
import { SIGN_IN_INTENT_KEY } from './index';

const product = env.productName;
const AUTHORIZE_URL = '/api/v1/auth/authorize?prompt=select_account';

const MESSAGES = {
  'session-expired': 'Your session has expired, please sign in again',
  google: "There was an error using Google's sign in method",
  'can-not-create-user': 'There was an error creating your account',
};

function watchRedirects() {
  return vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
}

function savedIntent() {
  return JSON.parse(window.sessionStorage.getItem(SIGN_IN_INTENT_KEY) ?? 'null') as unknown;
}

/** Comes back from the provider with `query` after starting a sign-in with `intent`. */
function returnFromProvider(
  query: string,
  intent = { continue: null as string | null, createAccount: false },
) {
  window.sessionStorage.setItem(SIGN_IN_INTENT_KEY, JSON.stringify(intent));
  return renderRoute(`/login/callback?${query}`);
}

function expectOnlyMessage(shown: string | null) {
  for (const message of Object.values(MESSAGES)) {
    if (message === shown) expect(screen.getByRole('alert')).toHaveTextContent(message);
    else expect(screen.queryByText(message)).not.toBeInTheDocument();
  }
}

describe('login screen', () => {
  it('AUTH-033 AUTH-034 AUTH-035: welcome heading, sign-in and create-account buttons, terms notice', async () => {
    fakeServer();
    renderRoute('/login');

    expect(
      await screen.findByRole('heading', { level: 1, name: `Welcome to ${product}` }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(screen.getByText('Local sign-in for this self-hosted install')).toBeInTheDocument();
    expect(screen.getByText(`Don't have a ${product} account yet?`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create a new account with Google' })).toBeInTheDocument();

    const notice = screen.getByText(
      (_, element) =>
        element?.tagName === 'P' &&
        element.textContent === 'By signing in, you agree to our Terms of use and Privacy policy.',
    );
    expect(within(notice).getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', env.termsUrl);
    expect(within(notice).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      env.privacyUrl,
    );
    expectOnlyMessage(null);
    await waitFor(() => expect(document.title).toBe(`Login | ${product}`));
  });

  it('AUTH-036: the footer links to the help center, terms, privacy, cookie policy and DPA', async () => {
    fakeServer();
    renderRoute('/login');
    const footer = await screen.findByRole('contentinfo');
    const links = within(footer).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Help center', env.helpCenterUrl],
      ['Terms of service', env.termsUrl],
      ['Privacy policy', env.privacyUrl],
      ['Cookie policy', env.cookiePolicyUrl],
      ['Data processing agreement', env.dpaUrl],
    ]);
  });

  it('AUTH-037: a side panel with testimonials, review badges and the inbox delivery claim, hidden on mobile', async () => {
    fakeServer();
    renderRoute('/login');
    const panel = await screen.findByRole('complementary', { name: 'What our users say' });
    expect(within(panel).getByRole('heading', { name: /better inbox delivery/i })).toBeInTheDocument();
    expect(within(panel).getByText('4.9/5 on Google Workspace Marketplace')).toBeInTheDocument();
    expect(panel.querySelectorAll('blockquote')).toHaveLength(3);
  });

  it('AUTH-037: below the tablet breakpoint the page stacks without the side panel', async () => {
    setViewportWidth(375);
    fakeServer();
    renderRoute('/login');
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  it('AUTH-002 AUTH-038: Sign in with Google saves the continue target and leaves for the provider, with a spinner', async () => {
    fakeServer();
    const assign = watchRedirects();
    const { user } = renderRoute(`/login?continue=${encodeURIComponent('/somewhere?tab=2')}`);

    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));

    expect(assign).toHaveBeenCalledWith(AUTHORIZE_URL);
    expect(savedIntent()).toEqual({ continue: '/somewhere?tab=2', createAccount: false });
    expect(screen.getByRole('status', { name: 'Signing in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
  });

  it('AUTH-004: Create a new account with Google asks for account creation', async () => {
    fakeServer();
    const assign = watchRedirects();
    const { user } = renderRoute('/login');
    await user.click(await screen.findByRole('button', { name: 'Create a new account with Google' }));
    expect(assign).toHaveBeenCalledWith(AUTHORIZE_URL);
    expect(savedIntent()).toEqual({ continue: null, createAccount: true });
  });

  it('ROUTE-002: a signed-in visitor on /login goes on to the continue target', async () => {
    seedStoredSession();
    fakeServer({
      'POST /api/v1/auth/refresh-token': json(200, authSession()),
      'GET /api/v2/users/me': json(200, currentUser()),
    });
    const { router } = renderRoute('/login?continue=%2Fformresponse%3Fx%3D1');
    expect(
      await screen.findByRole('heading', { name: 'Thanks, your response has been recorded' }),
    ).toBeVisible();
    expect(router.state.location.pathname + router.state.location.search).toBe('/formresponse?x=1');
  });

  it('AUTH-006 ROUTE-002: /login?continue=/..//evil.example stays on our origin, at the best space', async () => {
    seedStoredSession();
    fakeServer({
      'POST /api/v1/auth/refresh-token': json(200, authSession()),
      'GET /api/v2/users/me': json(200, currentUser()),
    });
    const assign = watchRedirects();
    const { router } = renderRoute(`/login?continue=${encodeURIComponent('/..//evil.example')}`);
    expect(await screen.findByRole('heading', { name: 'Mail merges' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(
      `${currentUser().userWorkspaces?.[0]?.urlPrefix}/mail-merges/sent`,
    );
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('login errors', () => {
  it('AUTH-042 AUTH-044 EVT-005: a provider error shows the google message and logs the failed login', async () => {
    const server = fakeServer();
    const { router } = returnFromProvider('error=access_denied&error_description=The+user+cancelled', {
      continue: '/templates',
      createAccount: false,
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.google);
    expectOnlyMessage(MESSAGES.google);
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('continue')).toBe('/templates');

    await waitFor(() => expect(server.calls('POST /api/v1/events')).toHaveLength(1), { timeout: 2000 });
    expect(server.calls('POST /api/v1/events')[0]?.body).toMatchObject({
      appVersion: env.appVersion,
      events: [
        { eventType: 'login_failed', payload: { error: 'access_denied', description: 'The user cancelled' } },
      ],
    });
  });

  it('AUTH-042: a refused code exchange shows the google message', async () => {
    fakeServer({ 'POST /api/v1/auth/token': apiError(400, 'invalid_grant', 'Code already used') });
    returnFromProvider('code=used&state=s1');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.google);
  });

  it('AUTH-041 AUTH-044: a stored session the server no longer knows shows the session-expired message', async () => {
    seedStoredSession();
    fakeServer({ 'POST /api/v1/auth/refresh-token': apiError(401, 'unauthorized', 'Session expired') });
    renderRoute('/login');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES['session-expired']);
    expectOnlyMessage(MESSAGES['session-expired']);
  });

  it('AUTH-043 AUTH-044: a failed account creation shows the can-not-create-user message', async () => {
    const server = fakeServer({
      'POST /api/v1/auth/token': json(200, authSession()),
      'GET /api/v2/users/me': apiError(404, 'user_not_found'),
      'POST /api/v2/users/workspace-activation-create-user': apiError(500, 'internal_error', 'Boom'),
      'POST /api/v1/auth/revoke': json(200, { revoked: true }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    returnFromProvider('code=c1&state=s1', { continue: null, createAccount: true });

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES['can-not-create-user']);
    expectOnlyMessage(MESSAGES['can-not-create-user']);
    expect(server.calls('POST /api/v1/auth/revoke')).toHaveLength(1);
  });

  it('AUTH-039 AUTH-040 AUTH-003: no account for this sign-in offers to create one or use another account', async () => {
    fakeServer({
      'POST /api/v1/auth/token': json(200, authSession()),
      'GET /api/v2/users/me': apiError(404, 'user_not_found'),
      'POST /api/v1/auth/revoke': json(200, { revoked: true }),
    });
    const assign = watchRedirects();
    const { user } = returnFromProvider('code=c1&state=s1', { continue: '/templates', createAccount: false });

    expect(
      await screen.findByText(
        `pat@gmail.com doesn't have a ${product} account yet. Click below to create a new account:`,
      ),
    ).toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create a new account with Google' });
    const another = screen.getByRole('button', { name: 'Sign in with another Google account' });
    expect(screen.getByText('Did you want to use another account?')).toBeInTheDocument();
    // The create button comes first, then the question and the other-account button.
    expect(create.compareDocumentPosition(another) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
    expectOnlyMessage(null);

    await user.click(another);
    expect(assign).toHaveBeenLastCalledWith(AUTHORIZE_URL);
    expect(savedIntent()).toEqual({ continue: '/templates', createAccount: false });
  });

  it('AUTH-039 AUTH-004 INV-002: the no-user create button asks for account creation, keeping the continue target and carrying the address as login_hint', async () => {
    fakeServer({
      'POST /api/v1/auth/token': json(200, authSession()),
      'GET /api/v2/users/me': apiError(404, 'user_not_found'),
      'POST /api/v1/auth/revoke': json(200, { revoked: true }),
    });
    const assign = watchRedirects();
    const invitation = `/invitations/${'T'.repeat(43)}/accept`;
    const { user } = returnFromProvider('code=c1&state=s1', { continue: invitation, createAccount: false });

    await user.click(await screen.findByRole('button', { name: 'Create a new account with Google' }));
    // The provider is told which address to create the account for, so it does not ask again.
    expect(assign).toHaveBeenLastCalledWith(`${AUTHORIZE_URL}&loginHint=pat%40gmail.com`);
    expect(savedIntent()).toEqual({ continue: invitation, createAccount: true });
  });

  it('AUTH-023: a lost state cookie (incognito) shows the Whoops page', async () => {
    fakeServer({ 'POST /api/v1/auth/token': apiError(400, 'state_mismatch', 'State cookie missing') });
    returnFromProvider('code=c1&state=s1');
    expect(await screen.findByRole('heading', { name: 'Whoops' })).toBeInTheDocument();
    expect(
      screen.getByText('First and third party cookies must be enabled to use the dashboard.'),
    ).toBeInTheDocument();
  });
});
