import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { env } from '../../config/env';
import { currentUser } from '../../testing/auth-fixtures';
import { apiError, json } from '../../testing/fake-server';
import { renderInSpace, spaceEntry, spaceMember, workspaceDetails } from '../../testing/space-fixtures';

const proSpace = spaceEntry(1, 'Acme Sales', {
  userRole: 'OWNER',
  workspacePlan: 'PRO',
  userPlan: 'PRO',
  isSendingWorkspace: true,
});
const other = spaceEntry(2, 'Other Place', { userRole: 'MEMBER' });
const general = `${proSpace.urlPrefix}/space/general`;
const membersRoute = `GET /api/v1/workspaces/${proSpace.workspaceId}/members`;

const owner = spaceMember({ id: 'u-1', role: 'OWNER', name: 'Pat Doe', email: 'pat@gmail.com' });
const grace = spaceMember({ name: 'Grace Hopper', email: 'grace@acme.example' });
const trial = spaceMember({ name: 'Trial Tom', email: 'tom@acme.example', status: 'FREE_TRIAL' });
const unseated = spaceMember({
  name: 'Unseated Uma',
  email: 'uma@acme.example',
  status: 'ACTIVE',
  seatType: 'PENDING_YAMM_USER',
});
const disabled = spaceMember({ name: 'Disabled Dan', email: 'dan@acme.example', status: 'DISABLED' });
const accepted = spaceMember({ name: 'Accepted Al', email: 'al@acme.example', status: 'ACCEPTED' });
const members = json(200, { items: [owner, grace, trial, unseated, disabled, accepted], total: 6 });

async function optionsOf(user: { click(element: Element): Promise<void> }) {
  await user.click(await screen.findByRole('combobox', { name: 'New owner' }));
  const listbox = await screen.findByRole('listbox');
  return within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent);
}

describe('general settings: rename', () => {
  it('SPACE-022 (issue 24): a rename that went through says so in a polite status, though the address changes with the name', async () => {
    const renamed = {
      ...proSpace,
      workspaceName: 'Acme Global',
      urlPrefix: `/${proSpace.workspaceId}/acme-global`,
    };
    const { user, router } = await renderInSpace(general, {
      user: currentUser({ userWorkspaces: [proSpace] }),
      routes: {
        [membersRoute]: members,
        [`PUT /api/v1/workspaces/${proSpace.workspaceId}`]: json(200, workspaceDetails(renamed)),
        'GET /api/v2/users/me': [
          json(200, currentUser({ userWorkspaces: [proSpace] })),
          json(200, currentUser({ userWorkspaces: [renamed] })),
        ],
      },
    });
    const section = await screen.findByRole('region', { name: 'Space name' });
    const input = await within(section).findByRole('textbox', { name: 'Space name' });
    // The live region is there, empty, before anything is saved, so its news is read out.
    const status = within(section).getByRole('status');
    expect(status).toHaveTextContent(/^$/);

    await user.clear(input);
    await user.type(input, 'Acme Global');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${renamed.urlPrefix}/space/general`));
    expect(within(screen.getByRole('region', { name: 'Space name' })).getByRole('status')).toBe(status);
    expect(status).toHaveTextContent('Space name saved.');
    expect(screen.getByRole('textbox', { name: 'Space name' })).toHaveValue('Acme Global');

    // Typing again clears it: the news was about the saved name.
    await user.type(screen.getByRole('textbox', { name: 'Space name' }), '!');
    expect(status).toHaveTextContent(/^$/);
  });

  it('SPACE-020 SPACE-021 SPACE-022: Save is disabled while unchanged, Cancel restores, the trimmed name is sent', async () => {
    const renamed = { ...proSpace, workspaceName: 'Acme Global' };
    const { user, server } = await renderInSpace(general, {
      user: currentUser({ userWorkspaces: [proSpace] }),
      routes: {
        [membersRoute]: members,
        [`PUT /api/v1/workspaces/${proSpace.workspaceId}`]: json(200, workspaceDetails(renamed)),
        'GET /api/v2/users/me': [
          json(200, currentUser({ userWorkspaces: [proSpace] })),
          json(200, currentUser({ userWorkspaces: [renamed] })),
        ],
      },
    });
    const input = await screen.findByRole('textbox', { name: 'Space name' });
    const nameForm = screen.getByRole('region', { name: 'Space name' });
    const save = within(nameForm).getByRole('button', { name: 'Save' });
    expect(input).toHaveValue('Acme Sales');
    expect(save).toBeDisabled();

    await user.type(input, ' Team');
    expect(save).toBeEnabled();
    await user.click(within(nameForm).getByRole('button', { name: 'Cancel' }));
    expect(input).toHaveValue('Acme Sales');
    expect(save).toBeDisabled();

    await user.clear(input);
    await user.type(input, 'abc');
    await user.click(save);
    expect(screen.getByText('Space name should contain at least 5 characters.')).toBeInTheDocument();
    await user.clear(input);
    await user.click(save);
    expect(screen.getByText('Please fill in this field.')).toBeInTheDocument();

    await user.type(input, '  Acme Global  ');
    await user.click(save);
    await waitFor(() =>
      expect(server.calls(`PUT /api/v1/workspaces/${proSpace.workspaceId}`)[0]?.body).toEqual({
        workspaceName: 'Acme Global',
      }),
    );
    // SPACE-033: the user is refetched; the saved name is the new one.
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Space name' })).toHaveValue('Acme Global'),
    );
    expect(
      within(screen.getByRole('region', { name: 'Space name' })).getByRole('button', { name: 'Save' }),
    ).toBeDisabled();
  });
});

describe('general settings: transfer ownership', () => {
  it('SPACE-026 SPACE-024: non-per-seat spaces offer ACTIVE or ACCEPTED members; choosing none gives the required text', async () => {
    const { user } = await renderInSpace(general, {
      user: currentUser({ userWorkspaces: [proSpace] }),
      routes: { [membersRoute]: members },
    });
    await user.click(await screen.findByRole('button', { name: 'Transfer ownership' }));
    expect(screen.getByText('Please fill in this field.')).toBeInTheDocument();
    await waitFor(async () =>
      expect(await optionsOf(user)).toEqual([
        'Grace Hopper (grace@acme.example)',
        'Unseated Uma (uma@acme.example)',
        'Accepted Al (al@acme.example)',
      ]),
    );
  });

  it('SPACE-025: per-seat spaces offer members holding a seat who are not on a free trial (nor DISABLED)', async () => {
    const { user } = await renderInSpace(general, {
      user: currentUser({ isPerSeat: true, userWorkspaces: [proSpace] }),
      routes: { [membersRoute]: members },
    });
    await screen.findByRole('heading', { name: 'General settings' });
    await waitFor(async () =>
      expect(await optionsOf(user)).toEqual([
        'Grace Hopper (grace@acme.example)',
        'Accepted Al (al@acme.example)',
      ]),
    );
  });

  it('SPACE-023 SPACE-027 SPACE-028: confirming the transfer shows the alert on the sent mail merges and the sidebar changes', async () => {
    const asMember = { ...proSpace, userRole: 'MEMBER' as const };
    const { user, server, router } = await renderInSpace(general, {
      user: currentUser({ userWorkspaces: [proSpace] }),
      routes: {
        [membersRoute]: members,
        [`PUT /api/v1/workspaces/${proSpace.workspaceId}/owner`]: json(200, {
          workspaceId: proSpace.workspaceId,
          ownerUserId: grace.id,
        }),
        'GET /api/v2/users/me': [
          json(200, currentUser({ userWorkspaces: [proSpace] })),
          json(200, currentUser({ userWorkspaces: [asMember] })),
        ],
        [`GET /api/v1/workspaces/${proSpace.workspaceId}`]: [
          json(200, workspaceDetails(proSpace)),
          json(200, workspaceDetails(asMember)),
        ],
      },
    });
    await screen.findByRole('heading', { name: 'General settings' });
    await user.click(screen.getByRole('combobox', { name: 'New owner' }));
    await user.click(await screen.findByRole('option', { name: 'Grace Hopper (grace@acme.example)' }));
    await user.click(screen.getByRole('button', { name: 'Transfer ownership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer ownership' });
    expect(within(dialog).getByText(/Grace Hopper/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${proSpace.urlPrefix}/mail-merges/sent`),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Acme Sales ownership has been transferred to grace@acme.example',
    );
    expect(server.calls(`PUT /api/v1/workspaces/${proSpace.workspaceId}/owner`)[0]?.body).toEqual({
      userId: grace.id,
    });
    const nav = within(screen.getByRole('navigation', { name: 'Main navigation' }));
    await waitFor(() => expect(nav.queryByRole('link', { name: 'General' })).not.toBeInTheDocument());
  });

  it('SPACE-029: a 409 user_owns_too_many_workspaces shows the field error', async () => {
    const { user } = await renderInSpace(general, {
      user: currentUser({ userWorkspaces: [proSpace] }),
      routes: {
        [membersRoute]: members,
        [`PUT /api/v1/workspaces/${proSpace.workspaceId}/owner`]: apiError(
          409,
          'user_owns_too_many_workspaces',
        ),
      },
    });
    await screen.findByRole('heading', { name: 'General settings' });
    await user.click(screen.getByRole('combobox', { name: 'New owner' }));
    await user.click(await screen.findByRole('option', { name: 'Grace Hopper (grace@acme.example)' }));
    await user.click(screen.getByRole('button', { name: 'Transfer ownership' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This user already owns too many spaces.')).toBeInTheDocument();
  });

  it('SPACE-031: on FREE the owner is told transfer is not available, with an Upgrade link', async () => {
    const freeSpace = { ...proSpace, workspacePlan: 'FREE' as const, userPlan: 'FREE' as const };
    await renderInSpace(`${freeSpace.urlPrefix}/space/general`, {
      user: currentUser({ userWorkspaces: [freeSpace] }),
    });
    expect(
      await screen.findByText(/Transferring ownership is not available in free plan\./),
    ).toBeInTheDocument();
    // The header has its own Upgrade button (to checkout); this one is the notice's.
    const notice = screen.getByText(/Transferring ownership is not available in free plan\./).closest('div')!;
    expect(within(notice).getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
      'href',
      `${freeSpace.urlPrefix}/space/billing?show-plans=1`,
    );
    expect(screen.queryByRole('combobox', { name: 'New owner' })).not.toBeInTheDocument();
  });

  it('SPACE-032: on LEGACY the owner is told transfer needs a new plan, with a link to switch plan', async () => {
    const legacy = { ...proSpace, workspacePlan: 'LEGACY' as const, legacyPlanType: 'TEAM' as const };
    await renderInSpace(`${legacy.urlPrefix}/space/general`, {
      user: currentUser({ userWorkspaces: [legacy] }),
    });
    expect(
      await screen.findByText(
        new RegExp(`Transferring ownership is only available to new ${env.productName} plans\\.`),
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Switch plan' })).toBeInTheDocument();
  });

  it('SPACE-019: the section is hidden while TRANSFER_WORKSPACE is restricted', async () => {
    await renderInSpace(general, {
      user: currentUser({ userWorkspaces: [proSpace] }),
      details: { [proSpace.workspaceId]: { restrictions: ['TRANSFER_WORKSPACE'] } },
      routes: { [membersRoute]: members },
    });
    await screen.findByRole('heading', { name: 'General settings' });
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Transfer ownership' })).not.toBeInTheDocument(),
    );
  });
});

describe('general settings: delete', () => {
  it('SPACE-017: deleting asks for confirmation, then switches to another space with the removal alert', async () => {
    const { user, server, router } = await renderInSpace(general, {
      user: currentUser({ userWorkspaces: [proSpace, other] }),
      routes: {
        [membersRoute]: members,
        [`DELETE /api/v1/workspaces/${proSpace.workspaceId}`]: json(200, { deleted: true }),
        'GET /api/v2/users/me': [
          json(200, currentUser({ userWorkspaces: [proSpace, other] })),
          json(200, currentUser({ userWorkspaces: [{ ...other, isSendingWorkspace: true }] })),
        ],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete space' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete space' });
    expect(within(dialog).getByText('Delete Acme Sales? This cannot be undone.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls(`DELETE /api/v1/workspaces/${proSpace.workspaceId}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete space' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${other.urlPrefix}/mail-merges/sent`));
    expect(await screen.findByRole('alert')).toHaveTextContent('Acme Sales has been successfully deleted.');
  });
});

describe('general settings: tracking defaults (issue 23)', () => {
  const put = `PUT /api/v1/workspaces/${proSpace.workspaceId}`;

  it("the switches show the space's defaults; Save sends both and says so", async () => {
    const { user, server } = await renderInSpace(general, {
      user: currentUser({ userWorkspaces: [proSpace] }),
      details: { [proSpace.workspaceId]: { trackingDefaults: { opens: true, clicks: true } } },
      routes: {
        [membersRoute]: members,
        [put]: json(200, workspaceDetails(proSpace, { trackingDefaults: { opens: false, clicks: true } })),
      },
    });
    const section = await screen.findByRole('region', { name: 'Tracking' });
    const opens = within(section).getByRole('switch', { name: 'Track opens' });
    const save = within(section).getByRole('button', { name: 'Save' });
    expect(opens).toBeChecked();
    expect(within(section).getByRole('switch', { name: 'Track clicks' })).toBeChecked();
    expect(save).toBeDisabled();

    await user.click(opens);
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(server.calls(put)).toHaveLength(1));
    expect(server.calls(put)[0]!.body).toEqual({ trackOpensDefault: false, trackClicksDefault: true });
    expect(await within(section).findByRole('status')).toHaveTextContent('Tracking defaults saved.');
    expect(opens).not.toBeChecked();
    expect(save).toBeDisabled();
  });

  it('a failed save shows the error banner and keeps the choice', async () => {
    const { user } = await renderInSpace(general, {
      user: currentUser({ userWorkspaces: [proSpace] }),
      routes: { [membersRoute]: members, [put]: apiError(500, 'boom') },
    });
    const section = await screen.findByRole('region', { name: 'Tracking' });
    await user.click(within(section).getByRole('switch', { name: 'Track clicks' }));
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    expect(within(section).getByRole('switch', { name: 'Track clicks' })).not.toBeChecked();
    expect(within(section).queryByRole('status')).not.toBeInTheDocument();
  });
});
