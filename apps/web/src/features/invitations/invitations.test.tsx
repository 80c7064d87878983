import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { env } from '../../config/env';
import { currentUser } from '../../testing/auth-fixtures';
import { apiError, json } from '../../testing/fake-server';
import { renderInSpace, spaceEntry, workspaceDetails } from '../../testing/space-fixtures';
import { renderRoute } from '../../testing/render';
import { fakeServer } from '../../testing/fake-server';

const TOKEN = 'T'.repeat(43);
const ACCEPT = `PUT /api/v1/invitations/${TOKEN}/accept`;
const own = spaceEntry(1, 'My Own Space', { userRole: 'OWNER', isSendingWorkspace: true });
const joined = spaceEntry(2, 'Acme Sales', { userRole: 'MEMBER', workspacePlan: 'PRO', userPlan: 'PRO' });

function routesFor(acceptAnswers: Response | Response[]) {
  return {
    [ACCEPT]: acceptAnswers,
    'GET /api/v2/users/me': [
      json(200, currentUser({ userWorkspaces: [own] })),
      json(200, currentUser({ userWorkspaces: [own, joined] })),
    ],
    [`GET /api/v1/workspaces/${joined.workspaceId}`]: json(200, workspaceDetails(joined)),
  };
}

describe('invitations', () => {
  it('INV-002 INV-003 INV-004 ALERT-006 ALERT-007: /accept joins, refreshes the user and opens the joined space with the join alert', async () => {
    const { server, router } = await renderInSpace(`/invitations/${TOKEN}/accept`, {
      user: currentUser({ userWorkspaces: [own] }),
      routes: routesFor(
        json(200, { workspaceId: joined.workspaceId, workspaceName: 'Acme Sales', isActiveWorkspace: true }),
      ),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`${joined.urlPrefix}/mail-merges/sent`));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Welcome to ${env.productName}`);
    expect(alert).toHaveTextContent(
      'You have successfully joined Acme Sales and you have been automatically switched to it.',
    );
    expect(server.calls(ACCEPT)).toHaveLength(1);
    expect(server.calls('GET /api/v2/users/me')).toHaveLength(2);
  });

  it('ALERT-006: when the joined space is not made active the alert only says it was joined', async () => {
    await renderInSpace(`/invitations/${TOKEN}/accept`, {
      user: currentUser({ userWorkspaces: [own] }),
      routes: routesFor(
        json(200, { workspaceId: joined.workspaceId, workspaceName: 'Acme Sales', isActiveWorkspace: false }),
      ),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You have successfully joined Acme Sales.');
    expect(alert).not.toHaveTextContent('automatically switched');
  });

  it('INV-002: without a status the invitation waits for Accept', async () => {
    const { user, server, router } = await renderInSpace(`/invitations/${TOKEN}`, {
      user: currentUser({ userWorkspaces: [own] }),
      routes: routesFor(
        json(200, { workspaceId: joined.workspaceId, workspaceName: 'Acme Sales', isActiveWorkspace: false }),
      ),
    });
    const accept = await screen.findByRole('button', { name: 'Accept' });
    expect(server.calls(ACCEPT)).toHaveLength(0);
    await user.click(accept);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${joined.urlPrefix}/mail-merges/sent`));
  });

  it.each([
    ['INV-008', apiError(404, 'not_found'), 'The invite link is invalid.'],
    ['INV-009', apiError(403, 'forbidden'), 'You are logged into a different account than the one invited.'],
    ['INV-010', apiError(409, 'invitation_is_not_active'), 'The invite link has expired or been cancelled.'],
    ['INV-011', apiError(409, 'user_already_exists'), 'You are already a member of this space.'],
    ['INV-012', apiError(403, 'invitation_restricted'), 'Sorry, this invitation link is no longer valid.'],
  ])(
    '%s INV-005 INV-007: a failure shows the banner with its reason on the own space',
    async (_id, answer, reason) => {
      const { server, router } = await renderInSpace(`/invitations/${TOKEN}/accept`, {
        user: currentUser({ userWorkspaces: [own] }),
        routes: routesFor(answer),
      });
      await waitFor(() => expect(router.state.location.pathname).toBe(`${own.urlPrefix}/mail-merges/sent`));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('The invitation could not be finalized.');
      expect(alert).toHaveTextContent(reason);
      // Only a 500 is retried.
      expect(server.calls(ACCEPT)).toHaveLength(1);
    },
  );

  it('INV-006: a 500 is retried up to 3 times, then the generic error banner shows', async () => {
    const { server, router } = await renderInSpace(`/invitations/${TOKEN}/accept`, {
      user: currentUser({ userWorkspaces: [own] }),
      routes: routesFor(apiError(500, 'internal_error')),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`${own.urlPrefix}/mail-merges/sent`), {
      timeout: 4000,
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong.');
    expect(alert).toHaveTextContent('Please try again later.');
    expect(server.calls(ACCEPT)).toHaveLength(4);
  });

  it('INV-006: a 500 followed by success joins the space', async () => {
    const { server, router } = await renderInSpace(`/invitations/${TOKEN}/accept`, {
      user: currentUser({ userWorkspaces: [own] }),
      routes: routesFor([
        apiError(500, 'internal_error'),
        json(200, { workspaceId: joined.workspaceId, workspaceName: 'Acme Sales', isActiveWorkspace: true }),
      ]),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`${joined.urlPrefix}/mail-merges/sent`), {
      timeout: 4000,
    });
    expect(server.calls(ACCEPT)).toHaveLength(2);
  });

  it('ROUTE-004 ROUTE-006: logged out, an invitation link goes to /login with the link as continue target', async () => {
    fakeServer();
    const { router } = renderRoute(`/invitations/${TOKEN}/accept`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('continue')).toBe(
      `/invitations/${TOKEN}/accept`,
    );
  });
});
