import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { env } from '../../config/env';
import { browserLocation } from '../../lib/browser-location';
import { currentUser } from '../../testing/auth-fixtures';
import { fakeServer } from '../../testing/fake-server';
import { renderRoute } from '../../testing/render';
import { renderSignedIn } from '../../testing/signed-in';
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
    expect(screen.getByRole('button', { name: 'Create a new account with Google' })).toBeInTheDocument();
    expect(screen.getByText('4.9/5 on Google Workspace Marketplace')).toBeInTheDocument();
    const signIn = screen.getByRole('link', { name: `Already have a ${product} account? Sign in` });
    expect(signIn).toHaveAttribute('href', '/login');

    await user.click(signIn);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('ONB-020 AUTH-004: the create button signs in with account creation and comes back to /get-started', async () => {
    fakeServer();
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const { user } = renderRoute('/signup');

    await user.click(await screen.findByRole('button', { name: 'Create a new account with Google' }));

    expect(assign).toHaveBeenCalledWith('/api/v1/auth/authorize?prompt=select_account');
    expect(JSON.parse(window.sessionStorage.getItem(SIGN_IN_INTENT_KEY) ?? 'null')).toEqual({
      continue: '/get-started',
      createAccount: true,
    });
    expect(screen.getByRole('status', { name: 'Signing in' })).toBeInTheDocument();
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
    const instructions = within(screen.getByRole('list')).getAllByRole('listitem');
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
    const steps = within(screen.getByRole('list')).getAllByRole('listitem');
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
});
