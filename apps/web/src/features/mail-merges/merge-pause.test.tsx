import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUser } from '../../testing/auth-fixtures';
import { apiError, json, type FakeRoutes } from '../../testing/fake-server';
import { scheduledMergeItem } from '../../testing/scheduled-merge-fixtures';
import { renderInSpace, spaceEntry } from '../../testing/space-fixtures';

const space = spaceEntry(1, 'Acme Sales', { userRole: 'MEMBER', workspacePlan: 'PRO', userPlan: 'PRO' });
const base = `${space.urlPrefix}/mail-merges`;
const scheduledMergeId = '5e2d3c4b-0000-4000-8000-000000000002';
const mergeId = '7a6b5c4d-0000-4000-8000-000000000003';

const SCHEDULED = 'GET /api/users/me/scheduled-campaigns';
const SCHEDULED_DETAIL = `GET /api/users/me/scheduled-campaigns/${scheduledMergeId}`;
const CANCEL = `DELETE /api/users/me/scheduledCampaigns/${scheduledMergeId}`;
const mergeUrl = `/api/v1/workspaces/${space.workspaceId}/merges/${mergeId}`;
const PAUSE = `POST ${mergeUrl}/pause`;
const RESUME = `POST ${mergeUrl}/resume`;
const BOUNCES = `GET ${mergeUrl}/bounces`;

const DETAILS = '10 hard bounces in 50 messages sent (20 %), above the 5 % allowed once 50 are sent.';
const pause = { reason: 'BOUNCE_RATE', details: DETAILS, pausedAt: new Date().toISOString() };

/** A merge sending now from an uploaded sheet, 50 of 100 sent. */
const scheduled = (overrides: Record<string, unknown> = {}) =>
  scheduledMergeItem(space.workspaceId, scheduledMergeId, {
    spreadsheetLink: '',
    spreadsheetSource: 'UPLOAD',
    mergeTime: Date.now() - 60_000,
    numberOfEmailsSent: 50,
    numberOfEmailsToSend: 100,
    status: 'IN PROGRESS',
    mergeId,
    ...overrides,
  });
const paused = scheduled({ pause });
const bounces = {
  items: [
    { email: 'bounce+1@simulator.test', reason: '5.1.1 The email account does not exist', bouncedAt: 1 },
    { email: 'bounce+2@simulator.test', reason: '5.1.1 The email account does not exist', bouncedAt: 2 },
  ],
  total: 2,
};

const routes = (merge: object, extra: FakeRoutes = {}) => ({
  [SCHEDULED]: json(200, { items: [merge], total: 1 }),
  [`GET /api/users/me/workspaces/${space.workspaceId}/campaigns/count`]: json(200, { campaignCount: 1 }),
  [SCHEDULED_DETAIL]: json(200, merge),
  [BOUNCES]: json(200, bounces),
  ...extra,
});
const user = currentUser({ userWorkspaces: [space] });

describe('a paused merge in the Scheduled tab (issue 26, the circuit breaker)', () => {
  it("reads 'Paused' in an orange badge and as its delivery date, never 'Upon quota reset'", async () => {
    await renderInSpace(`${base}/scheduled`, { user, routes: routes(scheduled({ pause, mergeTime: null })) });
    const row = (await screen.findByRole('link', { name: 'Leads - Sheet1' })).closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    expect(within(cells[1]!).getByText('Paused')).toBeInTheDocument();
    expect(cells.at(-1)).toHaveTextContent(/^Paused$/);
    expect(screen.queryByText('Upon quota reset')).not.toBeInTheDocument();
    expect(within(cells[1]!).getByText('Paused').closest('.mantine-Badge-root')).toHaveAttribute(
      'style',
      expect.stringContaining('orange'),
    );
  });

  it('the dialog says why with the figures, lists the bounces that tripped it, and resumes', async () => {
    const { user: u, server } = await renderInSpace(`${base}/scheduled/${scheduledMergeId}`, {
      user,
      routes: routes(paused, { [RESUME]: json(200, { status: 'SENDING', pause: null }) }),
    });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Paused: too many hard bounces')).toBeInTheDocument();
    expect(within(dialog).getByText(DETAILS)).toBeInTheDocument();
    const list = await within(dialog).findByRole('list', { name: 'Hard bounces' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'bounce+1@simulator.test5.1.1 The email account does not exist',
      'bounce+2@simulator.test5.1.1 The email account does not exist',
    ]);
    expect(within(dialog).getByRole('heading', { name: 'Hard bounces (2)' })).toBeInTheDocument();

    server.on(SCHEDULED_DETAIL, json(200, scheduled()));
    const resume = within(dialog).getByRole('button', { name: 'Resume' });
    resume.focus();
    await u.keyboard('{Enter}');
    await waitFor(() => expect(server.calls(RESUME)).toHaveLength(1));
    expect(await within(dialog).findByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(within(dialog).queryByText(DETAILS)).not.toBeInTheDocument();
  });

  it('Cancel asks first; keeping it cancels nothing, confirming cancels the merge', async () => {
    const { user: u, server } = await renderInSpace(`${base}/scheduled/${scheduledMergeId}`, {
      user,
      routes: routes(paused, { [CANCEL]: json(200, { canceled: true }) }),
    });
    const dialog = await screen.findByRole('dialog');
    await u.click(await within(dialog).findByRole('button', { name: 'Cancel mail merge' }));
    expect(within(dialog).getByText('Cancel this mail merge?')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(server.calls(CANCEL)).toHaveLength(0);
    await u.click(within(dialog).getByRole('button', { name: 'Cancel mail merge' }));
    await u.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Mail merge cancelled.')).toBeInTheDocument();
    expect(server.calls(CANCEL)).toHaveLength(1);
  });

  it('a running merge offers Pause; a refusal shows its reason', async () => {
    const refusal =
      "Only the merge's sender, or an owner or admin of the space, may pause, resume or cancel it";
    const { user: u, server } = await renderInSpace(`${base}/scheduled/${scheduledMergeId}`, {
      user,
      routes: routes(scheduled(), { [PAUSE]: apiError(403, 'forbidden', refusal) }),
    });
    const dialog = await screen.findByRole('dialog');
    await u.click(await within(dialog).findByRole('button', { name: 'Pause' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(server.calls(PAUSE)).toHaveLength(1);
  });

  it('the bounces that cannot be read show an error, the reason stays', async () => {
    await renderInSpace(`${base}/scheduled/${scheduledMergeId}`, {
      user,
      routes: routes(paused, { [BOUNCES]: apiError(500, 'internal_error') }),
    });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('An error ocurred. Please try again.')).toBeInTheDocument();
    expect(within(dialog).getByText(DETAILS)).toBeInTheDocument();
  });
});
