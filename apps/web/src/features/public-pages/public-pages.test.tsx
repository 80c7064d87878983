import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { env } from '../../config/env';
import { browserLocation } from '../../lib/browser-location';
import { fakeServer } from '../../testing/fake-server';
import { renderRoute } from '../../testing/render';
import { renderSignedIn } from '../../testing/signed-in';

describe('result and landing pages', () => {
  it('RES-001 ROUTE-003: /unsubscribed shows the success text while logged out', async () => {
    fakeServer();
    const { router } = renderRoute('/unsubscribed');
    expect(
      await screen.findByRole('heading', { name: 'Unsubscription was successful!' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unsubscribed');
  });

  it('RES-002 RES-004: /unsubscribed?success=0 shows the error view with a help center link', async () => {
    fakeServer();
    renderRoute('/unsubscribed?success=0');
    expect(await screen.findByRole('heading', { name: 'Sorry, an error ocurred' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Help center' })).toHaveAttribute('href', env.helpCenterUrl);
  });

  it('RES-003 ROUTE-003: /formresponse shows the recorded text, or the error view', async () => {
    fakeServer();
    renderRoute('/formresponse');
    expect(
      await screen.findByRole('heading', { name: 'Thanks, your response has been recorded' }),
    ).toBeInTheDocument();
  });

  it('RES-003: /formresponse?success=0 shows the error view', async () => {
    fakeServer();
    renderRoute('/formresponse?success=0');
    expect(await screen.findByRole('heading', { name: 'Sorry, an error ocurred' })).toBeInTheDocument();
  });

  it('ROUTE-005: /stop-automatic-renewal and /wrong-plan are available logged out', async () => {
    fakeServer();
    const { router } = renderRoute('/stop-automatic-renewal');
    expect(
      await screen.findByRole('heading', { name: 'Are you sure you want to stop the automatic renewal?' }),
    ).toBeInTheDocument();
    await router.navigate('/wrong-plan');
    expect(await screen.findByRole('heading', { name: 'Wrong plan' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/wrong-plan');
  });

  it('ROUTE-005: the result pages stay available when signed in', async () => {
    await renderSignedIn('/unsubscribed');
    expect(
      await screen.findByRole('heading', { name: 'Unsubscription was successful!' }),
    ).toBeInTheDocument();
  });

  it('INV-001: arriving at /mailbox inside the app (after signing in from its link) loads the server page', async () => {
    fakeServer();
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    renderRoute('/mailbox');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/mailbox'));
  });

  it('the app served at /mailbox itself (no local mailbox on this server) goes home instead of looping', async () => {
    fakeServer();
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const entries = vi
      .spyOn(performance, 'getEntriesByType')
      .mockReturnValue([{ name: 'http://localhost:3000/mailbox' } as PerformanceEntry]);
    const { router } = renderRoute('/mailbox');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/mailbox'));
    expect(assign).not.toHaveBeenCalled();
    entries.mockRestore();
  });
});
