import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { env } from '../../../config/env';
import { browserLocation } from '../../../lib/browser-location';
import { currentUser } from '../../../testing/auth-fixtures';
import { apiError, fakeServer, json } from '../../../testing/fake-server';
import { renderRoute } from '../../../testing/render';
import { configureInstall } from '../../../testing/install-content';
import { renderSignedIn } from '../../../testing/signed-in';

const PAGE = '/stop-automatic-renewal';
const CANCEL = 'POST /api/_ah/api/subscriptions/v1/cancelAutoRenewal';
const QUESTION = 'Are you sure you want to stop the automatic renewal?';
const SUBSCRIPTION_ID = '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';
const paypalUser = currentUser({ license: { subscriptionId: SUBSCRIPTION_ID, paymentSource: 'PAYPAL' } });
const stopped = json(200, {
  subscriptionId: SUBSCRIPTION_ID,
  autoRenew: false,
  endTimestamp: '2027-01-01T00:00:00.000Z',
});

describe('Stop automatic renewal page', () => {
  it('RES-005 RES-006 RES-007 signed out: the question, the permanence warning and a Sign in with Google button', async () => {
    configureInstall({ authProvider: 'google' });
    fakeServer();
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const { user } = renderRoute(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: QUESTION })).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'This action is permanent' })).toHaveTextContent(
      'Once stopped, the automatic renewal cannot be turned back on. To renew, you will need to buy a new plan from our pricing page.',
    );
    expect(screen.getByRole('link', { name: 'pricing page' })).toHaveAttribute(
      'href',
      '/settings/billing?show-plans=1',
    );
    expect(
      screen.getByText('Sign in with your Google account to stop the automatic renewal.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm cancellation' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(assign).toHaveBeenCalled();
  });

  it('RES-006 (issue 24) on an install with the built-in sign-in, the prompt and button say what will happen', async () => {
    fakeServer();
    renderRoute(PAGE);
    expect(
      await screen.findByText('Sign in with your email address to stop the automatic renewal.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with your email address' })).toBeInTheDocument();
    expect(screen.queryByText(/Google/)).not.toBeInTheDocument();
  });

  it('RES-008 RES-010 signed in with a PayPal license: Confirm cancellation loads, calls the server, then shows success=1', async () => {
    let answer: (response: Response) => void = () => {};
    const { user, router, server } = await renderSignedIn(PAGE, {
      user: paypalUser,
      routes: { [CANCEL]: () => new Promise<Response>((resolve) => (answer = resolve)) },
    });
    expect(screen.getByRole('heading', { name: QUESTION })).toBeInTheDocument();
    expect(
      screen.queryByText('Sign in with your Google account to stop the automatic renewal.'),
    ).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Confirm cancellation' });
    expect(button).toBeEnabled();

    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(server.calls(CANCEL).map((call) => call.body)).toEqual([{ subscriptionId: SUBSCRIPTION_ID }]);

    answer(stopped.clone());
    expect(
      await screen.findByRole('heading', { name: 'Autorenewal stopped successfully' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PAGE);
    expect(router.state.location.search).toBe('?success=1');
  });

  it('RES-010 RES-014 a failed confirmation goes to success=0 with the cancel-renewal failure text', async () => {
    const { user, router } = await renderSignedIn(PAGE, {
      user: paypalUser,
      routes: { [CANCEL]: apiError(409, 'auto_renewal_already_stopped') },
    });
    await user.click(screen.getByRole('button', { name: 'Confirm cancellation' }));
    expect(await screen.findByRole('heading', { name: 'Sorry, an error ocurred' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?success=0');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Sorry, an error ocurred. Please try again or visit our Help center.',
    );
    expect(screen.getByRole('link', { name: 'Help center' })).toHaveAttribute('href', env.helpCenterUrl);
  });

  it('RES-011 without a subscription id nothing is sent (Subscription Id is missing) and the page ends on success=0', async () => {
    const { user, router, server } = await renderSignedIn(PAGE, {
      user: currentUser({ license: { subscriptionId: '', paymentSource: 'PAYPAL' } }),
      routes: { [CANCEL]: stopped },
    });
    await user.click(screen.getByRole('button', { name: 'Confirm cancellation' }));
    await waitFor(() => expect(router.state.location.search).toBe('?success=0'));
    expect(server.calls(CANCEL)).toHaveLength(0);
  });

  it.each([
    ['no license', null],
    ['a license paid by card', { subscriptionId: SUBSCRIPTION_ID, paymentSource: 'STRIPE' as const }],
  ])('RES-009 signed in with %s, the page goes to /', async (_, license) => {
    const { router } = await renderSignedIn(PAGE, { user: currentUser({ license }) });
    await waitFor(() => expect(router.state.location.pathname).not.toBe(PAGE));
    expect(screen.queryByRole('button', { name: 'Confirm cancellation' })).not.toBeInTheDocument();
  });

  it('RES-012 success=1 points to PayPal for the payment history, signed out too', async () => {
    fakeServer();
    renderRoute(`${PAGE}?success=1`);
    expect(
      await screen.findByRole('heading', { name: 'Autorenewal stopped successfully' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Your payment history remains available in your PayPal account.'),
    ).toBeInTheDocument();
  });

  it('RES-013 success=0 shows the error view with a help center link', async () => {
    await renderSignedIn(`${PAGE}?success=0`, { user: paypalUser });
    expect(await screen.findByRole('heading', { name: 'Sorry, an error ocurred' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Help center' })).toHaveAttribute('href', env.helpCenterUrl);
    expect(screen.queryByRole('button', { name: 'Confirm cancellation' })).not.toBeInTheDocument();
  });
});
