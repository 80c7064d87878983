import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { env } from '../../config/env';
import { browserLocation } from '../../lib/browser-location';
import { authSession, currentUser, seedStoredSession } from '../../testing/auth-fixtures';
import { apiError, fakeServer, json } from '../../testing/fake-server';
import { renderRoute } from '../../testing/render';
import { NOTHING_CONFIGURED, configureInstall } from '../../testing/install-content';
import { setViewportWidth } from '../../testing/viewport';
import { SIGN_IN_INTENT_KEY } from './index';

const product = env.productName;
const AUTHORIZE_URL = '/api/v1/auth/authorize?prompt=select_account';

/** The buttons on an install that signs in with its built-in issuer (the tests' install). */
const LOCAL = {
  signIn: 'Sign in with your email address',
  createAccount: 'Create an account with your email',
  signInAnother: 'Sign in with another email address',
};

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
  it("AUTH-033 AUTH-034 AUTH-035: welcome heading, sign-in and create-account buttons in the spec's words on a Google install, terms notice", async () => {
    configureInstall({ authProvider: 'google' });
    fakeServer();
    renderRoute('/login');

    expect(
      await screen.findByRole('heading', { level: 1, name: `Welcome to ${product}` }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(screen.getByText(`Don't have a ${product} account yet?`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create a new account with Google' })).toBeInTheDocument();
    expect(screen.queryByText(/no Google account needed/)).not.toBeInTheDocument();

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

  it("AUTH-034 AUTH-038 (issue 24): on an install with the built-in sign-in the buttons say what will happen, without Google's G", async () => {
    fakeServer();
    renderRoute('/login');
    const signIn = await screen.findByRole('button', { name: LOCAL.signIn });
    expect(screen.getByRole('button', { name: LOCAL.createAccount })).toBeInTheDocument();
    expect(
      screen.getByText(
        'This install signs you in on its own page: you enter your email address, no Google account needed.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Google/ })).not.toBeInTheDocument();
    expect(signIn.querySelector('svg')).toBeNull();
  });

  it('AUTH-036: the footer links to the help center, terms, privacy, cookie policy and DPA the install names', async () => {
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

  it('AUTH-035 AUTH-036 (issue 24): an install that names no page shows no footer and no agreement notice; one that names only its terms says only those', async () => {
    configureInstall(NOTHING_CONFIGURED);
    fakeServer();
    const first = renderRoute('/login');
    await screen.findByRole('button', { name: LOCAL.signIn });
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByText(/By signing in, you agree/)).not.toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toEqual([]);
    first.unmount();

    configureInstall({ termsUrl: 'https://acme.test/terms' });
    renderRoute('/login');
    const notice = await screen.findByText(
      (_, element) =>
        element?.tagName === 'P' && element.textContent === 'By signing in, you agree to our Terms of use.',
    );
    expect(within(notice).getByRole('link', { name: 'Terms of use' })).toHaveAttribute(
      'href',
      'https://acme.test/terms',
    );
    expect(within(screen.getByRole('contentinfo')).getAllByRole('link')).toHaveLength(1);
  });

  it("AUTH-037: a side panel with the inbox delivery claim, then the install's review scores and testimonials", async () => {
    fakeServer();
    renderRoute('/login');
    const panel = await screen.findByRole('complementary', { name: 'Better inbox delivery for every merge' });
    expect(within(panel).getByText('4.9/5 on Google Workspace Marketplace')).toBeInTheDocument();
    expect(within(panel).getByText('4.8/5 on G2')).toBeInTheDocument();
    expect(
      [...panel.querySelectorAll('blockquote')].map((quote) => quote.textContent?.replace(/\s+/g, ' ')),
    ).toEqual(env.testimonials.map((t) => `${t.quote}— ${t.author}`));
  });

  it('AUTH-037 (issue 24): with no scores or testimonials configured the panel invents none', async () => {
    configureInstall(NOTHING_CONFIGURED);
    fakeServer();
    renderRoute('/login');
    const panel = await screen.findByRole('complementary', { name: 'Better inbox delivery for every merge' });
    expect(within(panel).queryByText(/ on /)).not.toBeInTheDocument();
    expect(panel.querySelectorAll('blockquote')).toHaveLength(0);
  });

  it('AUTH-037: below the tablet breakpoint the page stacks without the side panel', async () => {
    setViewportWidth(375);
    fakeServer();
    renderRoute('/login');
    expect(await screen.findByRole('button', { name: LOCAL.signIn })).toBeInTheDocument();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  it('AUTH-002 AUTH-038: Sign in saves the continue target and leaves for the provider, with a spinner', async () => {
    fakeServer();
    const assign = watchRedirects();
    const { user } = renderRoute(`/login?continue=${encodeURIComponent('/somewhere?tab=2')}`);

    await user.click(await screen.findByRole('button', { name: LOCAL.signIn }));

    expect(assign).toHaveBeenCalledWith(AUTHORIZE_URL);
    expect(savedIntent()).toEqual({ continue: '/somewhere?tab=2', createAccount: false });
    expect(screen.getByRole('status', { name: 'Signing in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LOCAL.signIn })).not.toBeInTheDocument();
  });

  it('AUTH-004: Create a new account asks for account creation', async () => {
    fakeServer();
    const assign = watchRedirects();
    const { user } = renderRoute('/login');
    await user.click(await screen.findByRole('button', { name: LOCAL.createAccount }));
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
    const create = screen.getByRole('button', { name: LOCAL.createAccount });
    const another = screen.getByRole('button', { name: LOCAL.signInAnother });
    expect(screen.getByText('Did you want to use another account?')).toBeInTheDocument();
    // The create button comes first, then the question and the other-account button.
    expect(create.compareDocumentPosition(another) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('button', { name: LOCAL.signIn })).not.toBeInTheDocument();
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

    await user.click(await screen.findByRole('button', { name: LOCAL.createAccount }));
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

describe('sign-in from an invitation link (issue 24)', () => {
  const token = 'T'.repeat(43);
  const link = `/invitations/${token}/accept`;
  const preview = `GET /api/v1/invitations/${token}`;
  const invitation = {
    workspaceName: 'Acme Sales',
    invitedBy: 'Olivia Bennett',
    invitedEmail: 'pat@gmail.com',
  };
  const invitedTitle = 'You were invited to Acme Sales';

  it('INV-002 the sign-in screen names the space and who invited, and signs in as the invited address, keeping the link', async () => {
    fakeServer({ [preview]: json(200, invitation) });
    const assign = watchRedirects();
    const { user } = renderRoute(`/login?continue=${encodeURIComponent(link)}`);

    expect(await screen.findByRole('note', { name: invitedTitle })).toHaveTextContent(
      "Olivia Bennett invited pat@gmail.com to join Acme Sales. Sign in with that address to join it, or create your account first if you don't have one yet.",
    );
    await user.click(screen.getByRole('button', { name: LOCAL.signIn }));
    expect(assign).toHaveBeenLastCalledWith(`${AUTHORIZE_URL}&loginHint=pat%40gmail.com`);
    expect(savedIntent()).toEqual({ continue: link, createAccount: false });
  });

  it('INV-002 AUTH-039 the no-account screen says the invitation is kept: creating the account joins the space', async () => {
    fakeServer({
      'POST /api/v1/auth/token': json(200, authSession()),
      'GET /api/v2/users/me': apiError(404, 'user_not_found'),
      'POST /api/v1/auth/revoke': json(200, { revoked: true }),
      [preview]: json(200, invitation),
    });
    const assign = watchRedirects();
    const { user } = returnFromProvider('code=c1&state=s1', { continue: link, createAccount: false });

    expect(
      await screen.findByText(
        `pat@gmail.com doesn't have a ${product} account yet. Click below to create a new account:`,
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('note', { name: invitedTitle })).toHaveTextContent(
      'Olivia Bennett invited pat@gmail.com to join Acme Sales. Create your account below: you will join the space straight away.',
    );
    await user.click(screen.getByRole('button', { name: LOCAL.createAccount }));
    expect(assign).toHaveBeenLastCalledWith(`${AUTHORIZE_URL}&loginHint=pat%40gmail.com`);
    expect(savedIntent()).toEqual({ continue: link, createAccount: true });
  });

  it('INV-009 signed in with another address than the invited one, the screen says which address joins', async () => {
    fakeServer({
      'POST /api/v1/auth/token': json(200, authSession()),
      'GET /api/v2/users/me': apiError(404, 'user_not_found'),
      'POST /api/v1/auth/revoke': json(200, { revoked: true }),
      [preview]: json(200, { ...invitation, invitedEmail: 'newcomer@acme.example' }),
    });
    returnFromProvider('code=c1&state=s1', { continue: link, createAccount: false });
    expect(await screen.findByRole('note', { name: invitedTitle })).toHaveTextContent(
      'Olivia Bennett invited newcomer@acme.example to join Acme Sales. To join it, use newcomer@acme.example: sign in with that address instead.',
    );
  });

  it('INV-010 a used or cancelled link adds nothing to the sign-in screen (the invitation screen says why after sign-in)', async () => {
    const server = fakeServer({
      [preview]: apiError(409, 'invitation_is_not_active', 'The invite link has expired or been cancelled.'),
    });
    renderRoute(`/login?continue=${encodeURIComponent(link)}`);
    await screen.findByRole('button', { name: LOCAL.signIn });
    await waitFor(() => expect(server.calls(preview)).toHaveLength(1));
    expect(screen.queryByRole('note', { name: invitedTitle })).not.toBeInTheDocument();
  });
});
