import { act, screen, waitFor } from '@testing-library/react';
import { APP_VERSION } from '@mergeboard/core';
import { describe, expect, it } from 'vitest';
import { setCookie } from '../../lib/cookies';
import { authSession, currentUser } from '../../testing/auth-fixtures';
import { fakeServer, json } from '../../testing/fake-server';
import type { FakeServer } from '../../testing/fake-server';
import { renderRoute } from '../../testing/render';
import { renderSignedIn } from '../../testing/signed-in';
import { CONSENT_COOKIE, flushEvents, PAGE_VIEW_EVENT } from './index';

const SPACE_ID = '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

interface SentEvent {
  eventType: string;
  payload: Record<string, unknown>;
  workspaceId?: string;
}

function pageViews(server: FakeServer): SentEvent[] {
  return server
    .calls('POST /api/v1/events')
    .flatMap((call) => (call.body as { events: SentEvent[] }).events)
    .filter((event) => event.eventType === PAGE_VIEW_EVENT);
}

describe('page-view events', () => {
  it('EVT-006 EVT-007 EVT-012: with analytics consent, each navigation while signed in sends webapp_page_view', async () => {
    setCookie(CONSENT_COOKIE, 'necessary:yes,analytics:yes');
    const { server, router } = await renderSignedIn(`/${SPACE_ID}/pats-space/templates?sort=new`, {
      user: currentUser({ isPerSeat: true }),
    });
    expect(await screen.findByRole('heading', { name: 'Templates' })).toBeInTheDocument();

    await waitFor(() => expect(pageViews(server)).toHaveLength(1), { timeout: 2000 });
    const [batch] = server.calls('POST /api/v1/events');
    expect(batch?.body).toMatchObject({ appVersion: APP_VERSION });
    expect(pageViews(server)[0]).toEqual({
      eventType: 'webapp_page_view',
      workspaceId: SPACE_ID,
      payload: {
        message: 'Page view',
        ui_type: 'seats_in_spaces',
        page_path: `/${SPACE_ID}/pats-space/templates`,
        space_id: SPACE_ID,
        search: '?sort=new',
        initial_url: window.location.href,
        checkout_cart_paid_users_quantity: null,
        checkout_cart_free_users_quantity: null,
      },
    });

    await act(() => router.navigate('/unsubscribed'));
    // The page's code loads before the navigation lands, as in the browser.
    await screen.findByRole('heading', { name: 'Unsubscription was successful!' });
    await act(() => flushEvents());
    expect(pageViews(server)).toHaveLength(2);
    expect(pageViews(server)[1]?.payload).toMatchObject({
      ui_type: 'seats_in_spaces',
      page_path: '/unsubscribed',
      space_id: null,
      search: '',
    });
    expect(pageViews(server)[1]).not.toHaveProperty('workspaceId');
  });

  it("EVT-007: ui_type is 'spaces' for a user outside the per-seat rollout", async () => {
    setCookie(CONSENT_COOKIE, 'analytics:yes');
    const { server } = await renderSignedIn('/');
    await screen.findByRole('heading', { name: 'Mail merges' });
    await act(() => flushEvents());
    expect(pageViews(server)[0]?.payload).toMatchObject({
      ui_type: 'spaces',
      page_path: '/',
      space_id: null,
    });
  });

  it('EVT-012: without analytics consent no page view is sent', async () => {
    setCookie(CONSENT_COOKIE, 'necessary:yes,analytics:no');
    const { server, router } = await renderSignedIn('/');
    await screen.findByRole('heading', { name: 'Mail merges' });
    await act(() => router.navigate('/templates'));
    await act(() => flushEvents());
    expect(server.calls('POST /api/v1/events')).toHaveLength(0);
  });

  it('EVT-006: no page view is sent while logged out, even with consent', async () => {
    setCookie(CONSENT_COOKIE, 'analytics:yes');
    const server = fakeServer();
    renderRoute('/login');
    await screen.findByRole('button', { name: 'Sign in with your email address' });
    await act(() => flushEvents());
    expect(server.calls('POST /api/v1/events')).toHaveLength(0);
  });

  it('EVT-006: after signing in, the page view is the target page, not the sign-in callback', async () => {
    setCookie(CONSENT_COOKIE, 'analytics:yes');
    const server = fakeServer({
      'POST /api/v1/auth/token': json(200, authSession()),
      'GET /api/v2/users/me': json(200, currentUser()),
    });
    renderRoute('/login/callback?code=c&state=s');
    await screen.findByRole('heading', { name: 'Mail merges' });
    await act(() => flushEvents());
    // '/' is the target; it then opens the best space's sent mail merges.
    expect(pageViews(server).map((event) => event.payload.page_path)).toEqual([
      '/',
      `/${SPACE_ID}/pats-space/mail-merges/sent`,
    ]);
  });
});
