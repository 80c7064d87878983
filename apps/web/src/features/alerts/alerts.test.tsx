import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUser } from '../../testing/auth-fixtures';
import { apiError } from '../../testing/fake-server';
import { renderInSpace, spaceEntry } from '../../testing/space-fixtures';
import { legacyAlertKey } from './index';

const legacyOwner = spaceEntry(6, 'Old Timers', {
  userRole: 'OWNER',
  workspacePlan: 'LEGACY',
  legacyPlanType: 'TEAM',
  userPlan: 'PRO',
  isSendingWorkspace: true,
});
const legacyAdmin = spaceEntry(7, 'Old Friends', {
  userRole: 'ADMIN',
  workspacePlan: 'LEGACY',
  legacyPlanType: 'TEAM',
  userPlan: 'PRO',
});

const LEGACY_TEXT = 'Your space is currently on a legacy plan.';

describe('alerts', () => {
  it('ALERT-003 ALERT-004: the legacy alert shows to an OWNER on a LEGACY plan, with Learn more, not on billing', async () => {
    const { router } = await renderInSpace(`${legacyOwner.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ userWorkspaces: [legacyOwner, legacyAdmin] }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(LEGACY_TEXT);
    expect(within(alert).getByRole('link', { name: 'Learn more' })).toBeInTheDocument();

    await act(() => router.navigate(`${legacyOwner.urlPrefix}/space/billing`));
    await screen.findByRole('heading', { name: 'Billing' });
    expect(screen.queryByText(LEGACY_TEXT)).not.toBeInTheDocument();

    // An admin of a legacy space does not get it.
    await act(() => router.navigate(`${legacyAdmin.urlPrefix}/mail-merges/sent`));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${legacyAdmin.urlPrefix}/mail-merges/sent`),
    );
    expect(screen.queryByText(LEGACY_TEXT)).not.toBeInTheDocument();
  });

  it('ALERT-003 ALERT-011: dismissing the legacy alert is kept in local storage', async () => {
    const user = currentUser({ userWorkspaces: [legacyOwner] });
    const first = await renderInSpace(`${legacyOwner.urlPrefix}/mail-merges/sent`, { user });
    const alert = await screen.findByRole('alert');
    await first.user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText(LEGACY_TEXT)).not.toBeInTheDocument());
    expect(JSON.parse(window.localStorage.getItem('mb.dismissedAlerts') ?? '[]')).toEqual([
      legacyAlertKey(legacyOwner.workspaceId),
    ]);
    first.unmount();

    // A new page load remembers it.
    await renderInSpace(`${legacyOwner.urlPrefix}/mail-merges/sent`, { user });
    await screen.findByRole('heading', { name: 'Mail merges' });
    expect(screen.queryByText(LEGACY_TEXT)).not.toBeInTheDocument();
  });

  it('ALERT-002 ALERT-008: an error alert is dropped when the path changes after it was shown', async () => {
    const owner = spaceEntry(1, 'Home Base', { userRole: 'OWNER', workspacePlan: 'PRO', userPlan: 'PRO' });
    const { user, router } = await renderInSpace(`${owner.urlPrefix}/space/general`, {
      user: currentUser({ userWorkspaces: [owner] }),
      routes: { [`PUT /api/v1/workspaces/${owner.workspaceId}`]: apiError(500, 'internal_error') },
    });
    const input = await screen.findByRole('textbox', { name: 'Space name' });
    await user.clear(input);
    await user.type(input, 'Renamed Base');
    await user.click(
      within(screen.getByRole('region', { name: 'Space name' })).getByRole('button', { name: 'Save' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong.');
    expect(alert).toHaveTextContent('Please try again later.');

    await user.click(screen.getByRole('link', { name: 'Unsubscriptions' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${owner.urlPrefix}/unsubscriptions`));
    // The drop happens in the effect that follows the path change, a render after it.
    await waitFor(() => expect(screen.queryByText('Something went wrong.')).not.toBeInTheDocument());
  });
});
