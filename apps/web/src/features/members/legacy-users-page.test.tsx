import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SpaceMember } from '@mergeboard/core';
import { json } from '../../testing/fake-server';
import { spaceMember } from '../../testing/space-fixtures';
import { inDrawer, legacyTeam, openUsersPage, seatSummary, selectRow } from '../../testing/members-test-kit';

const legacyPeople = {
  owner: spaceMember({ id: 'u-1', name: 'Walter Brandt', email: 'owner@legacy-team.example', role: 'OWNER' }),
  ines: spaceMember({ name: 'Ines Moreau', email: 'ines.moreau@legacy-team.example', role: 'ADMIN' }),
  kenji: spaceMember({ name: 'Kenji Sato', email: 'kenji.sato@legacy-team.example' }),
  pat: spaceMember({
    name: 'Pat Gmail',
    email: 'pat.legacy@gmail.com',
    plan: 'PRO_PERSONAL',
    isPersonal: true,
  }),
  tina: spaceMember({
    name: 'Tina Trial',
    email: 'tina@legacy-team.example',
    isPaid: false,
    trial: 1_900_000_000_000,
  }),
  fred: spaceMember({ name: 'Fred Free', email: 'fred@legacy-team.example', plan: 'FREE', isPaid: false }),
  dora: spaceMember({
    name: 'Dora Disabled',
    email: 'dora@legacy-team.example',
    plan: 'FREE',
    isPaid: false,
    status: 'DISABLED',
  }),
} satisfies Record<string, SpaceMember>;
const legacyMembers = Object.values(legacyPeople);
const legacySeats = seatSummary({
  workspacePlan: 'LEGACY',
  totalSeats: 5,
  assignedSeats: 4,
  availableSeats: 1,
});

const openLegacy = (options: Parameters<typeof openUsersPage>[0] = {}) =>
  openUsersPage({ space: legacyTeam, members: legacyMembers, seats: legacySeats, ...options });

const counter = (label: string) =>
  within(screen.getByRole('group', { name: label }))
    .getAllByText(/./)
    .at(-1)?.textContent;

describe("legacy 'Manage Users' page", () => {
  it('MEM-014 MEM-015 MEM-020 MEM-009 C3 the owner of a legacy TEAM space gets counters, both buttons, the fragment table and the legacy hint', async () => {
    await openLegacy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Users' })).toBeInTheDocument();
    await waitFor(() => expect(counter('Total users')).toBe('7'));
    expect(counter('Paid users')).toBe('3');
    expect(counter('Gmail paid users')).toBe('1');
    expect(counter('Trial users')).toBe('1');
    expect(counter('Free users')).toBe('1');
    expect(counter('Disabled users')).toBe('1');
    expect(screen.getByRole('button', { name: 'Invite users' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add users' })).toBeInTheDocument();
    await screen.findByText('Kenji Sato');
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.replace(/[▲▼]/g, '').trim());
    expect(headers).toEqual(['', 'Member', 'Email', 'Role', 'Status']);
    expect(screen.getByText('Select member to remove them from the space.')).toBeInTheDocument();
  });

  it('MEM-019 PRICE-026 the Pro and Premium cards: price per month, billed annually, recipients per day, features, Upgrade', async () => {
    const { entry } = await openLegacy();
    const pro = await screen.findByRole('region', { name: 'Pro' });
    expect(within(pro).getByText('$5')).toBeInTheDocument();
    expect(within(pro).getByText('billed annually')).toBeInTheDocument();
    expect(within(pro).getByText('Up to 1.500 recipients / day')).toBeInTheDocument();
    expect(within(pro).getByText('Manage the users of your space')).toBeInTheDocument();
    expect(within(pro).getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
      'href',
      `${entry.urlPrefix}/space/billing`,
    );
    expect(screen.getByRole('region', { name: 'Premium' })).toBeInTheDocument();
  });

  it('MEM-016 an offline-managed subscription shows its notice with Contact us', async () => {
    await openLegacy({ seats: { ...legacySeats, paymentSource: 'OFFLINE' } });
    expect(await screen.findByText('Your subscription is managed offline')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toBeInTheDocument();
  });

  it('MEM-011 MEM-042 MEM-057 the legacy Add users dialog: the legacy notice, the plan user limit, the check first', async () => {
    const { user, server, routes } = await openLegacy({
      routes: {
        [`POST /api/v1/workspaces/${legacyTeam.workspaceId}/members`]: (request) =>
          json(200, {
            items: (request.body as { userEmails: string[] }).userEmails.map((email) => ({
              userId: null,
              email,
              errorMsg: null,
            })),
          }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add users' });
    expect(within(dialog).getByText(/Your space is currently on a legacy plan\./)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'contact support' })).toBeInTheDocument();
    const input = within(dialog).getByRole('combobox', { name: 'Email addresses' });
    // 3 paid PRO users and a limit of 5: a third address goes over it.
    await user.type(input, 'a@legacy-team.example b@legacy-team.example ');
    expect(within(dialog).queryByText(/You cannot go over/)).not.toBeInTheDocument();
    await user.type(input, 'c@legacy-team.example ');
    expect(
      within(dialog).getByText('You cannot go over your current plan user limit (5).'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove c@legacy-team.example' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add users' }));
    expect(await screen.findByText('2 users have been added successfully')).toBeInTheDocument();
    const [check, add] = server.calls(routes.addLegacy);
    expect(check?.url.searchParams.get('onlyCheckValidity')).toBe('true');
    expect(add?.body).toEqual({ userEmails: ['a@legacy-team.example', 'b@legacy-team.example'] });
  });

  it('MEM-011 INV-014 INV-015 the Invite users dialog names the addresses it cannot invite', async () => {
    const { user, server, routes } = await openLegacy({
      routes: {
        [`POST /api/v1/workspaces/${legacyTeam.workspaceId}/legacy-invitations`]: json(200, {
          items: [
            {
              email: 'kenji.sato@legacy-team.example',
              errorMsg: 'This user is already a member of this space.',
            },
          ],
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Invite users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite users' });
    await user.type(
      within(dialog).getByRole('combobox', { name: 'Email addresses' }),
      'kenji.sato@legacy-team.example ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Invite users' }));
    expect(
      await within(dialog).findByText("We can't invite some email addresses. Hover over them to know why."),
    ).toBeInTheDocument();
    expect(server.calls(routes.inviteLegacy)).toHaveLength(1);
  });

  it('MEM-017 MEM-033 MEM-034 MEM-035 the drawer changes types: a free user goes to the checkout summary; mixed or paid selections are refused', async () => {
    const { user, entry } = await openLegacy();
    await selectRow(user, 'Fred Free');
    let panel = await inDrawer();
    const upgrade = panel.getByRole('link', { name: 'Change their type to Pro' });
    expect(upgrade.getAttribute('href')).toBe(
      `${entry.urlPrefix}/checkout/summary?from=users&userIds=${legacyPeople.fred.id}`,
    );
    // The legacy admin tooltip beside the Admin role (PERM-032).
    expect(panel.getByText('Can manage users and billing')).toBeInTheDocument();
    await selectRow(user, 'Kenji Sato');
    panel = await inDrawer();
    expect(panel.getByText('To update users Type, select users with the same Type.')).toBeInTheDocument();
    await selectRow(user, 'Fred Free');
    panel = await inDrawer();
    expect(panel.getByText('The selected users are already paid users.')).toBeInTheDocument();
  });

  it('MEM-036 MEM-061 a user paid in another space cannot be made paid under MULTIPLE_PAYMENT', async () => {
    const { user } = await openUsersPage({
      space: legacyTeam,
      members: legacyMembers,
      seats: legacySeats,
      routes: {
        [`GET /api/v1/workspaces/${legacyTeam.workspaceId}/members/promote-validity`]: json(200, {
          items: [{ userId: legacyPeople.fred.id, errorCode: 'already_paid_user' }],
        }),
        [`GET /api/v1/workspaces/${legacyTeam.workspaceId}`]: json(200, {
          ...(await import('../../testing/space-fixtures')).workspaceDetails(legacyTeam, {
            restrictions: ['MULTIPLE_PAYMENT'],
            isPerSeat: false,
          }),
        }),
      },
    });
    await selectRow(user, 'Fred Free');
    expect(
      (await inDrawer()).getByText('fred@legacy-team.example is already a paid user in another space.'),
    ).toBeInTheDocument();
  });

  it('MEM-018 MEM-069 removal by user id; paid users of a legacy space cannot be removed', async () => {
    const { user, server, routes } = await openLegacy({
      routes: { [`DELETE /api/v1/workspaces/${legacyTeam.workspaceId}/members`]: json(200, { removed: 1 }) },
    });
    await selectRow(user, 'Kenji Sato');
    let panel = await inDrawer();
    expect(
      panel.getByText(
        'To remove paid users, you must downgrade them to free and then remove them during the next billing cycle.',
      ),
    ).toBeInTheDocument();
    await selectRow(user, 'Kenji Sato');
    await selectRow(user, 'Fred Free');
    panel = await inDrawer();
    await user.click(panel.getByRole('button', { name: 'Remove from space' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, proceed' }));
    expect(await screen.findByText('The member has been removed from the space.')).toBeInTheDocument();
    expect(server.calls(routes.removeLegacy)[0]?.body).toEqual({ userIds: [legacyPeople.fred.id] });
  });

  it('PERM-033 PERM-034 restrictions hide the Premium card and their feature lines', async () => {
    const { workspaceDetails } = await import('../../testing/space-fixtures');
    await openLegacy({
      routes: {
        [`GET /api/v1/workspaces/${legacyTeam.workspaceId}`]: json(
          200,
          workspaceDetails(legacyTeam, {
            restrictions: ['PREMIUM_PLAN', 'TRANSFER_WORKSPACE'],
            isPerSeat: false,
          }),
        ),
      },
    });
    const pro = await screen.findByRole('region', { name: 'Pro' });
    expect(within(pro).queryByText('Transfer the ownership of your space')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Premium' })).not.toBeInTheDocument();
  });
});
