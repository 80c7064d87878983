import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { env } from '../../config/env';
import { browserLocation } from '../../lib/browser-location';
import { currentUser } from '../../testing/auth-fixtures';
import { fakeServer } from '../../testing/fake-server';
import { renderRoute } from '../../testing/render';
import { NOTHING_CONFIGURED, configureInstall } from '../../testing/install-content';
import { renderSignedIn } from '../../testing/signed-in';
import { spaceEntry } from '../../testing/space-fixtures';
import { SIGN_IN_INTENT_KEY } from '../auth';
import { MARKETPLACE_VISITED_KEY, ONBOARDING_STEP_KEY } from './index';

const product = env.productName;
const STEP_LABELS = ['Create your account', `Install ${product}`, 'Send your first merge'];

/** The stepper's step buttons, in order. */
function stepButtons() {
  return STEP_LABELS.map((label) => screen.getByRole('button', { name: new RegExp(label) }));
}

describe('onboarding, signed out', () => {
  it('ONB-001 ONB-003 ONB-016 ONB-019: /get-started starts on step 1 and the URL becomes /signup', async () => {
    fakeServer();
    const { router } = renderRoute('/get-started');

    expect(await screen.findByRole('heading', { level: 1, name: `Welcome to ${product}` })).toBeVisible();
    expect(stepButtons()).toHaveLength(3);
    expect(stepButtons()[0]).toHaveAttribute('aria-current', 'step');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(document.title).toBe(`Sign up | ${product}`));
  });

  it('ONB-004 ONB-005 ONB-006 ONB-007: step 1 offers account creation, sign-in and a review badge', async () => {
    fakeServer();
    const { router, user } = renderRoute('/signup');

    expect(await screen.findByRole('heading', { name: `Welcome to ${product}` })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create an account with your email' })).toBeInTheDocument();
    // The install's first review score.
    expect(screen.getByText('4.9/5 on Google Workspace Marketplace')).toBeInTheDocument();
    expect(screen.queryByText('4.8/5 on G2')).not.toBeInTheDocument();
    const signIn = screen.getByRole('link', { name: `Already have a ${product} account? Sign in` });
    expect(signIn).toHaveAttribute('href', '/login');

    await user.click(signIn);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('ONB-020 AUTH-004: the create button signs in with account creation and comes back to /get-started', async () => {
    fakeServer();
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const { user } = renderRoute('/signup');

    await user.click(await screen.findByRole('button', { name: 'Create an account with your email' }));

    expect(assign).toHaveBeenCalledWith('/api/v1/auth/authorize?prompt=select_account');
    expect(JSON.parse(window.sessionStorage.getItem(SIGN_IN_INTENT_KEY) ?? 'null')).toEqual({
      continue: '/get-started',
      createAccount: true,
    });
    expect(screen.getByRole('status', { name: 'Signing in' })).toBeInTheDocument();
  });

  it("ONB-005 ONB-007 (issue 24): on a Google install the button is the spec's; with no score configured there is no badge", async () => {
    configureInstall({ ...NOTHING_CONFIGURED, authProvider: 'google' });
    fakeServer();
    renderRoute('/signup');
    expect(
      await screen.findByRole('button', { name: 'Create a new account with Google' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/\/5 on /)).not.toBeInTheDocument();
  });

  it('ONB-018: the step 1 indicator is not clickable', async () => {
    fakeServer();
    const { user } = renderRoute('/signup');
    await screen.findByRole('heading', { name: `Welcome to ${product}` });
    const [first, second, third] = stepButtons();
    expect(first).toHaveAttribute('aria-disabled', 'true');
    expect(first).toHaveAttribute('tabindex', '-1');
    // Later steps cannot be reached from the indicator either.
    await user.click(second!);
    await user.click(third!);
    expect(screen.getByRole('heading', { name: `Welcome to ${product}` })).toBeVisible();
  });
});

describe('onboarding, signed in', () => {
  it('ONB-017 ONB-019: a signed-in user starts at step 2 (never 1) on /get-started', async () => {
    const { router } = await renderSignedIn('/signup');
    expect(await screen.findByRole('heading', { level: 1, name: `Install ${product}` })).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/get-started'));
    expect(stepButtons()[1]).toHaveAttribute('aria-current', 'step');
    await waitFor(() => expect(document.title).toBe(`Get started | ${product}`));
  });

  it('ONB-017: the stored step is where a signed-in user comes back to', async () => {
    window.localStorage.setItem(ONBOARDING_STEP_KEY, '3');
    await renderSignedIn('/get-started');
    expect(
      await screen.findByRole('heading', { level: 1, name: `Open Google Sheets to launch ${product}` }),
    ).toBeVisible();
  });

  it('ONB-008 ONB-009 ONB-011: step 2 explains the add-on install, with Marketplace, Continue and Skip', async () => {
    await renderSignedIn('/get-started');
    expect(await screen.findByRole('heading', { level: 1, name: `Install ${product}` })).toBeVisible();
    expect(screen.getByRole('heading', { name: `1. Install the ${product} add-on` })).toBeInTheDocument();
    const [addOnSteps] = screen.getAllByRole('list');
    const instructions = within(addOnSteps!).getAllByRole('listitem');
    expect(instructions.map((item) => item.textContent)).toEqual([
      "Click Install on the add-on's page in the Google Workspace Marketplace.",
      'Choose the Google account you want to send your mail merges from.',
      'Grant the permissions the add-on asks for.',
    ]);
    const marketplace = screen.getByRole('link', { name: 'Go to Marketplace' });
    expect(marketplace).toHaveAttribute('href', env.marketplaceUrl);
    expect(marketplace).toHaveAttribute('target', '_blank');
    expect(
      screen.getByRole('heading', { name: '2. Once installation is done, return to this window' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip the tutorial' })).toHaveAttribute('href', '/');
  });

  it('ONB-010 ONB-021 ONB-018: Continue waits for the Marketplace visit, then step 3 can go back to step 2', async () => {
    const { user } = await renderSignedIn('/get-started');
    const continueButton = await screen.findByRole('button', { name: 'Continue' });
    expect(continueButton).toHaveAttribute('aria-disabled', 'true');

    await user.hover(continueButton);
    expect(await screen.findByText(`You must have ${product} installed to continue.`)).toBeInTheDocument();
    await user.click(continueButton);
    expect(screen.getByRole('heading', { level: 1, name: `Install ${product}` })).toBeVisible();

    await user.click(screen.getByRole('link', { name: 'Go to Marketplace' }));
    expect(window.localStorage.getItem(MARKETPLACE_VISITED_KEY)).toBe('1');
    expect(continueButton).toHaveAttribute('aria-disabled', 'false');

    await user.click(continueButton);
    expect(
      await screen.findByRole('heading', { level: 1, name: `Open Google Sheets to launch ${product}` }),
    ).toBeVisible();
    expect(window.localStorage.getItem(ONBOARDING_STEP_KEY)).toBe('3');

    // The completed step 2 can be clicked to go back; step 1 still cannot.
    const [first, second] = stepButtons();
    expect(first).toHaveAttribute('aria-disabled', 'true');
    await user.click(second!);
    expect(await screen.findByRole('heading', { level: 1, name: `Install ${product}` })).toBeVisible();
  });

  it('ONB-010: a user whose add-on is installed can continue at once', async () => {
    await renderSignedIn('/get-started', { user: currentUser({ installationTimestamp: 1_700_000_000_000 }) });
    expect(await screen.findByRole('button', { name: 'Continue' })).toHaveAttribute('aria-disabled', 'false');
  });

  it('ONB-012 ONB-013 ONB-014 ONB-015: step 3 shows the launch steps, a looping muted video, Sheets and dashboard links', async () => {
    window.localStorage.setItem(ONBOARDING_STEP_KEY, '3');
    const { router, user } = await renderSignedIn('/get-started');

    expect(
      await screen.findByRole('heading', { level: 1, name: `Open Google Sheets to launch ${product}` }),
    ).toBeVisible();
    const [launchSteps] = screen.getAllByRole('list');
    const steps = within(launchSteps!).getAllByRole('listitem');
    expect(steps.map((item) => item.textContent)).toEqual([
      'Open the Extensions menu of your spreadsheet.',
      `Choose ${product}, the add-on you just installed.`,
      'Click Start Mail Merge.',
    ]);
    const video = document.querySelector('video');
    expect(video).not.toBeNull();
    expect(video?.loop).toBe(true);
    expect(video?.muted).toBe(true);
    expect(video?.autoplay).toBe(true);

    const sheets = screen.getByRole('link', { name: 'Open Google Sheets' });
    expect(sheets).toHaveAttribute('href', env.sheetsUrl);
    expect(sheets).toHaveAttribute('target', '_blank');

    await user.click(screen.getByRole('link', { name: `Take me to my ${product} dashboard` }));
    expect(await screen.findByRole('heading', { name: 'Mail merges' })).toBeInTheDocument();
    // '/' opens the best space's sent mail merges.
    expect(router.state.location.pathname).toBe(
      `${currentUser().userWorkspaces?.[0]?.urlPrefix}/mail-merges/sent`,
    );
  });

  it.each([
    ['2', `Install ${product}`],
    ['3', `Open Google Sheets to launch ${product}`],
  ])(
    'ONB-011 ONB-015 (issue 24): step %s also says how to send from the dashboard without the add-on, with a sample spreadsheet',
    async (step, heading) => {
      window.localStorage.setItem(ONBOARDING_STEP_KEY, step);
      const { router, user } = await renderSignedIn('/get-started');
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
      const path = screen.getByRole('region', { name: 'Or send from the dashboard, without the add-on' });
      expect(
        within(path)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        `On a computer, open your ${product} dashboard and press New mail merge on the Mail merges page.`,
        'Drop a spreadsheet (CSV or XLSX) with an Email column, and check the recipients.',
        'Write the subject and message, send a test email to yourself, then send.',
      ]);
      const sample = within(path).getByRole('link', {
        name: 'Download a sample spreadsheet (contacts.xlsx)',
      });
      expect(sample).toHaveAttribute('download', 'contacts.xlsx');
      expect(sample.getAttribute('href')).toMatch(/contacts\.xlsx$/);

      await user.click(within(path).getByRole('link', { name: `your ${product} dashboard` }));
      expect(await screen.findByRole('heading', { name: 'Mail merges' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(
        `${currentUser().userWorkspaces?.[0]?.urlPrefix}/mail-merges/sent`,
      );
    },
  );

  it('ONB-017 (issue 24): a teammate who joined a space is told which, with a way into it', async () => {
    const own = spaceEntry(1, "Pat's space", { userRole: 'OWNER', isSendingWorkspace: true });
    const acme = spaceEntry(2, 'Acme Sales', { userRole: 'MEMBER', workspacePlan: 'PRO', userPlan: 'PRO' });
    const beta = spaceEntry(3, 'Beta Team', { userRole: 'ADMIN', workspacePlan: 'PRO', userPlan: 'PRO' });
    const invited = spaceEntry(4, 'Not Yet', { userRole: 'MEMBER', status: 'PENDING' });
    await renderSignedIn('/get-started', {
      user: currentUser({ userWorkspaces: [own, acme, beta, invited] }),
    });
    const notice = await screen.findByRole('note', { name: 'You joined Acme Sales and Beta Team' });
    expect(within(notice).getByRole('link', { name: 'Open Acme Sales' })).toHaveAttribute(
      'href',
      `${acme.urlPrefix}/mail-merges`,
    );
  });

  it('ONB-017 (issue 24): someone in their own space only gets no such notice', async () => {
    await renderSignedIn('/get-started');
    await screen.findByRole('heading', { level: 1, name: `Install ${product}` });
    expect(screen.queryByText(/^You joined/)).not.toBeInTheDocument();
  });
});
