import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, json } from '../../testing/fake-server';
import { DEFAULT_VIEWPORT_WIDTH, setViewportWidth } from '../../testing/viewport';
import { currentUser } from '../../testing/auth-fixtures';
import { renderInSpace, spaceMember } from '../../testing/space-fixtures';
import {
  acme,
  acmeDetails,
  drawer,
  everyone,
  inDrawer,
  openUsersPage,
  people,
  rowOf,
  seatSummary,
  selectRow,
} from '../../testing/members-test-kit';

const columnHeaders = () =>
  within(screen.getByRole('table'))
    .getAllByRole('columnheader')
    .map((th) => th.textContent?.replace(/[▲▼]/g, '').trim());

/** A promise the test settles by hand, to look at the page while a call runs. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

afterEach(() => act(() => setViewportWidth(DEFAULT_VIEWPORT_WIDTH)));

describe('Users page: the table', () => {
  it('MEM-001 MEM-003 MEM-006 MEM-031 MEM-075 shows the columns, the cells and the seat count; unsorted it keeps the server order', async () => {
    const { server, routes } = await openUsersPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    await rowOf('Olivia Bennett');
    expect(columnHeaders()).toEqual(['', 'User', 'Email', 'Role', 'Type', 'Quota', 'Status']);
    const cells = (name: string) =>
      rowOf(name).then((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((cell) => cell.textContent),
      );
    expect(await cells('Olivia Bennett')).toEqual([
      'Olivia Bennett',
      'owner@acme.example',
      'Owner',
      'Paid',
      'Up to 1.500',
      'Active',
    ]);
    expect((await cells('Marcus Chen'))[2]).toBe('Admin');
    expect(await cells("Liam O'Connor")).toEqual([
      "Liam O'Connor",
      'free.member@acme.example',
      'User',
      'Free',
      'Up to 20',
      'Active',
    ]);
    expect((await cells('Emma Larsen'))[3]).toBe('Trial');
    expect((await cells('Diego Alvarez'))[5]).toBe('Pending');
    expect((await cells('Noah Fischer'))[5]).toContain('Disabled');
    // MEM-006: the header.
    expect(screen.getByText('9 of 15 seats used')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage seats' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add members' })).toBeInTheDocument();
    // MEM-031: no sort is asked for, so the server lists pending members after active ones.
    const [first] = server.calls(routes.members);
    expect(first?.url.searchParams.get('sortBy')).toBeNull();
    expect(first?.url.searchParams.get('limit')).toBe('100');
    expect(server.calls(routes.subscriptions)[0]?.url.searchParams.get('status')).toBe('ACTIVE');
  });

  it('MEM-002 MEM-062 MEM-063 a Disabled status says why on hover: the free-user limit, or the domain', async () => {
    const { user } = await openUsersPage();
    const noah = within(await rowOf('Noah Fischer')).getByText('Disabled');
    await user.hover(noah);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Your current plan does not allow more than 1 free user(s).',
    );
    await user.unhover(noah);
    const sam = within(await rowOf('Sam Stranger')).getByText('Disabled');
    await user.hover(sam);
    await waitFor(() =>
      expect(screen.getByRole('tooltip')).toHaveTextContent(
        'Your current plan only allows user from domain acme.example.',
      ),
    );
  });

  it('MEM-004 MEM-073 sorts by a column and searches on the server; a search that misses says so', async () => {
    const { user, server, routes } = await openUsersPage();
    await rowOf('Olivia Bennett');
    await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() =>
      expect(server.calls(routes.members).at(-1)?.url.searchParams.get('sortBy')).toBe('userEmail:asc'),
    );
    expect(screen.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'ascending');

    await user.type(screen.getByRole('textbox', { name: 'Search members' }), 'nobody-here');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(
      screen.getByText('Sorry, there is no space member that fits with your search.'),
    ).toBeInTheDocument();
    expect(server.calls(routes.members).at(-1)?.url.searchParams.get('filterBy')).toBe('search:nobody-here');
  });

  it('MEM-074 an empty member list says there is nothing to see', async () => {
    await openUsersPage({ members: [] });
    expect(await screen.findByText('Nothing to see here...')).toBeInTheDocument();
    expect(screen.getByText("You don't have any space members.")).toBeInTheDocument();
  });

  it('MEM-001 at 375 px the e-mail and the role go under the name; type and quota are left out', async () => {
    act(() => setViewportWidth(375));
    await openUsersPage();
    const row = await rowOf('Sofia Ramirez');
    expect(columnHeaders()).toEqual(['', 'User', 'Status']);
    expect(within(row).getByText('member@acme.example')).toBeInTheDocument();
    expect(within(row).getByText('User')).toBeInTheDocument();
  });

  it('MEM-001 at 375 px a member without a name shows the address once, as its name, breakable where a reader expects, so the table fits the screen', async () => {
    act(() => setViewportWidth(375));
    const email = 'alexandra.konstantinou@acme.example';
    // An invitee is listed with the address as its name until they sign up.
    await openUsersPage({ members: [people.owner, spaceMember({ name: email, email, status: 'PENDING' })] });
    const name = await screen.findByText(
      (_, element) => element?.tagName === 'P' && element.textContent === email,
    );
    // Breaks after the '@' and before the dots (issue 24: as one unbreakable word it widened the table).
    expect(name.querySelectorAll('wbr')).toHaveLength(3);
    const row = name.closest('tr')!;
    expect(row.textContent!.split(email)).toHaveLength(2);
    expect(within(row).getByText('User')).toBeInTheDocument();
  });
});

describe('Users page: who sees what', () => {
  it('ROUTE-019 a free member of the space gets a blank page', async () => {
    const entry = { ...acme, userRole: 'MEMBER' as const, userPlan: 'FREE' as const };
    const { router } = await renderInSpace(`${acme.urlPrefix}/space/users`, {
      user: currentUser({ isPerSeat: true, userWorkspaces: [entry] }),
      details: { [acme.workspaceId]: acmeDetails },
    });
    await waitFor(() => expect(document.title).toMatch(/^Users \|/));
    expect(router.state.location.pathname).toBe(`${acme.urlPrefix}/space/users`);
    expect(screen.queryByRole('heading', { name: 'Users' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('PERM-024 a paid member sees the list without selection and is told to contact the owner', async () => {
    const { server, routes } = await openUsersPage({ role: 'MEMBER' });
    await rowOf('Olivia Bennett');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add members' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'please contact the space owner' })).toHaveAttribute(
      'href',
      'mailto:owner@acme.example',
    );
    // Members are not served the subscriptions (000 §4).
    expect(server.calls(routes.subscriptions)).toHaveLength(0);
  });
});

describe('Users page: selection and the drawer', () => {
  it('MEM-005 MEM-007 the owner is told what a selection is for; selecting rows opens the drawer', async () => {
    const { user } = await openUsersPage();
    expect(await screen.findByText('Select members to:')).toBeInTheDocument();
    expect(screen.getByText('Change their role')).toBeInTheDocument();
    expect(screen.getByText('Remove them from the space')).toBeInTheDocument();
    await selectRow(user, 'Sofia Ramirez');
    const panel = await inDrawer();
    expect(panel.getByText('Sofia Ramirez')).toBeInTheDocument();
    await selectRow(user, 'Marcus Chen');
    expect(await screen.findByRole('complementary', { name: '2 members selected' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close the selection' }));
    await waitFor(() =>
      expect(screen.queryByRole('complementary', { name: /selected$/ })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('checkbox', { name: 'Select Sofia Ramirez' })).not.toBeChecked();
  });

  it('MEM-004 MEM-005 the header box selects the whole page, and again clears it; Escape closes the panel', async () => {
    const { user } = await openUsersPage();
    await rowOf('Olivia Bennett');
    await user.click(screen.getByRole('checkbox', { name: 'Select all members on this page' }));
    expect(
      await screen.findByRole('complementary', { name: `${everyone.length} members selected` }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select all members on this page' }));
    await waitFor(() =>
      expect(screen.queryByRole('complementary', { name: /selected$/ })).not.toBeInTheDocument(),
    );
    // The panel leaves the page usable, and Escape inside it closes it.
    await selectRow(user, 'Sofia Ramirez');
    (await inDrawer()).getByRole('button', { name: 'Remove from space' }).focus();
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('complementary', { name: /selected$/ })).not.toBeInTheDocument(),
    );
  });

  it('MEM-008 MEM-065 MEM-068 PERM-023 an admin may only remove, never the owner nor another admin', async () => {
    const adminMe = { ...people.admin, id: 'u-1' };
    const owner = { ...people.owner, id: 'owner-id' };
    const jonas = { ...people.admin, id: 'jonas-id', name: 'Jonas Weber', email: 'jonas.weber@acme.example' };
    const { user } = await openUsersPage({ role: 'ADMIN', members: [owner, adminMe, jonas, people.sofia] });
    expect(await screen.findByText('Select members to:')).toBeInTheDocument();
    expect(screen.queryByText('Change their role')).not.toBeInTheDocument();

    await selectRow(user, 'Olivia Bennett');
    let panel = await inDrawer();
    expect(panel.getByText('The owner cannot be removed from the space')).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Remove from space' })).toBeDisabled();
    expect(panel.queryByRole('radiogroup')).not.toBeInTheDocument();

    await selectRow(user, 'Olivia Bennett');
    await selectRow(user, 'Jonas Weber');
    panel = await inDrawer();
    expect(panel.getByText('An admin cannot be removed by another admin from the space')).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Remove from space' })).toBeDisabled();
  });

  it('MEM-066 MEM-067 a free-trial user and oneself cannot be removed', async () => {
    const adminMe = { ...people.admin, id: 'u-1' };
    const { user } = await openUsersPage({ role: 'ADMIN', members: [adminMe, people.emma] });
    await selectRow(user, 'Emma Larsen');
    expect((await inDrawer()).getByText('You cannot remove the user in Free trial')).toBeInTheDocument();
    await selectRow(user, 'Emma Larsen');
    await selectRow(user, 'Marcus Chen');
    expect((await inDrawer()).getByText('You cannot remove yourself from the space')).toBeInTheDocument();
  });

  it('MEM-012 MEM-013 MEM-046 MEM-047 MEM-075 removal asks first, keeps the page busy, then refreshes, shows the banner and closes the drawer', async () => {
    const removal = deferred<Response>();
    const { user, server, routes } = await openUsersPage({
      routes: { [`PATCH /api/v1/workspaces/${acme.workspaceId}/users/v1`]: () => removal.promise },
    });
    await selectRow(user, 'Sofia Ramirez');
    await user.click((await inDrawer()).getByRole('button', { name: 'Remove from space' }));
    let confirm = await screen.findByRole('dialog', { name: 'Remove Sofia Ramirez from Acme Sales?' });
    expect(within(confirm).getByText('They will no longer have access to this space.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'No, cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Remove/ })).not.toBeInTheDocument());
    expect(server.calls(routes.removeUsers)).toHaveLength(0);

    await selectRow(user, 'Marcus Chen');
    await user.click((await inDrawer()).getByRole('button', { name: 'Remove from space' }));
    confirm = await screen.findByRole('dialog', { name: 'Remove these members from Acme Sales?' });
    const membersBefore = server.calls(routes.members).length;
    const seatsBefore = server.calls(routes.subscriptions).length;
    await user.click(within(confirm).getByRole('button', { name: 'Yes, proceed' }));
    // MEM-047: busy while the call runs.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add members' })).toBeDisabled());
    expect(screen.getByRole('checkbox', { name: 'Select Olivia Bennett' })).toBeDisabled();
    expect(server.calls(routes.removeUsers)[0]?.body).toEqual({
      userEmails: ['member@acme.example', 'admin@acme.example'],
    });
    removal.resolve(json(200, { success: true, removed: 2 }));
    expect(await screen.findByText('2 members have been removed from the space.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('complementary', { name: /selected$/ })).not.toBeInTheDocument(),
    );
    // MEM-046, MEM-075: members and seats read again.
    await waitFor(() => expect(server.calls(routes.members).length).toBeGreaterThan(membersBefore));
    expect(server.calls(routes.subscriptions).length).toBeGreaterThan(seatsBefore);
    expect(screen.getByRole('button', { name: 'Add members' })).toBeEnabled();
  });

  it('MEM-071 a server refusal shows its message in the drawer, which stays open', async () => {
    const { user } = await openUsersPage({
      routes: {
        [`PATCH /api/v1/workspaces/${acme.workspaceId}/users/v1`]: apiError(
          409,
          'conflict',
          'Failed to remove member@acme.example from the space',
        ),
      },
    });
    await selectRow(user, 'Sofia Ramirez');
    await user.click((await inDrawer()).getByRole('button', { name: 'Remove from space' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, proceed' }));
    expect(await within(await drawer()).findByRole('alert')).toHaveTextContent(
      'Failed to remove member@acme.example from the space',
    );
  });

  it('MEM-037 MEM-038 MEM-039 PERM-032 the owner changes roles: User or Admin, only when something changes, never the owner', async () => {
    const { user, server, routes } = await openUsersPage();
    await selectRow(user, 'Sofia Ramirez');
    const panel = await inDrawer();
    const radios = panel.getAllByRole('radio').map((radio) => radio.getAttribute('value'));
    expect(radios).toEqual(['MEMBER', 'ADMIN']);
    expect(panel.getByRole('radio', { name: 'User' })).toBeInTheDocument();
    expect(
      panel.getByText('Admins can manage members. Ownership transfer is available from the space settings.'),
    ).toBeInTheDocument();
    await user.click(panel.getByRole('radio', { name: 'User' }));
    expect(panel.getByText('The selected members already have this role.')).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Change role' })).toBeDisabled();
    await user.click(panel.getByRole('radio', { name: 'Admin' }));
    server.on(routes.changeRole, json(200, { changed: 1 }));
    await user.click(panel.getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('The role has been updated.')).toBeInTheDocument();
    expect(server.calls(routes.changeRole)[0]?.body).toEqual({
      memberRoles: [{ userId: people.sofia.id, userRole: 'ADMIN' }],
    });

    await selectRow(user, 'Olivia Bennett');
    const ownerPanel = await inDrawer();
    expect(ownerPanel.getByText("The owner's role cannot be changed.")).toBeInTheDocument();
    expect(ownerPanel.getByRole('button', { name: 'Change role' })).toBeDisabled();
  });

  it('MEM-030 MEM-046 a pending invitation can be sent again or cancelled', async () => {
    const { user, server, routes } = await openUsersPage({
      routes: {
        [`PUT /api/v1/workspaces/${acme.workspaceId}/invitations/resend`]: json(200, { resent: 1 }),
        [`DELETE /api/v1/workspaces/${acme.workspaceId}/invitations`]: json(200, { cancelled: 1 }),
      },
    });
    await selectRow(user, 'Diego Alvarez');
    await user.click((await inDrawer()).getByRole('button', { name: 'Resend invitation' }));
    expect(await screen.findByText('The invitation has been sent again.')).toBeInTheDocument();
    expect(server.calls(routes.resend)[0]?.body).toEqual({
      invitedUserEmails: ['diego.alvarez@acme.example'],
    });

    await selectRow(user, 'Diego Alvarez');
    await user.click((await inDrawer()).getByRole('button', { name: 'Cancel invitation' }));
    expect(await screen.findByText('The invitation has been cancelled.')).toBeInTheDocument();
    expect(server.calls(routes.cancel)[0]?.body).toEqual({
      invitedUserEmails: ['diego.alvarez@acme.example'],
    });
  });

  it('MEM-029 MEM-064 a disabled member is activated; one from another domain cannot be', async () => {
    const { user, server, routes } = await openUsersPage({
      routes: {
        [`PUT /api/v1/workspaces/${acme.workspaceId}/members/activate`]: json(200, { activated: 1 }),
      },
    });
    await selectRow(user, 'Sam Stranger');
    let panel = await inDrawer();
    expect(panel.getByText('Upgrade your space to re-activate them.')).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Activate' })).toBeDisabled();
    await selectRow(user, 'Sam Stranger');

    await selectRow(user, 'Noah Fischer');
    panel = await inDrawer();
    await user.click(panel.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('The member has been activated.')).toBeInTheDocument();
    expect(server.calls(routes.activate)[0]?.body).toEqual({ userIds: [people.noah.id] });
  });
});

describe('Users page: adding members', () => {
  const checkAnswer = (refused: Record<string, string>) => (request: { url: URL; body: unknown }) => {
    const emails = (request.body as { userEmails: string[] }).userEmails;
    const results = emails.map((userEmail) => ({ userEmail, errorDetails: refused[userEmail] ?? null }));
    return json(200, { success: results.every((r) => r.errorDetails === null), results });
  };

  it('MEM-010 MEM-043 MEM-048 MEM-049 MEM-050 MEM-052 MEM-053 MEM-054 MEM-072 tags, the check first, refusals on hover, then the add and its banner', async () => {
    const outside = 'Your current plan only allows user from domain acme.example.';
    const { user, server, routes } = await openUsersPage({
      routes: {
        [`POST /api/v1/workspaces/${acme.workspaceId}/users/v1`]: checkAnswer({
          'ann@other.example': outside,
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add members' });
    const input = within(dialog).getByRole('combobox', { name: 'Email addresses' });
    expect(dialog.querySelector('[data-rows]')).toHaveAttribute('data-rows', '5');
    // MEM-010: the seats available.
    expect(within(dialog).getByText('Seats available:')).toHaveTextContent('Seats available: 6');

    await user.type(input, 'Kim@Acme.example, lee@acme.example kim@acme.example ');
    await user.type(input, 'ann@other.example');
    await user.tab();
    const tags = () =>
      [...dialog.querySelectorAll('.mantine-Pill-label')].map((pill) => pill.firstChild?.textContent);
    expect(tags()).toEqual(['kim@acme.example', 'lee@acme.example', 'ann@other.example']);

    await user.click(within(dialog).getByRole('button', { name: 'Add members' }));
    expect(
      await within(dialog).findByText("We can't add some email addresses. Hover over them to know why."),
    ).toBeInTheDocument();
    const calls = server.calls(routes.addUsers);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.searchParams.get('onlyCheckValidity')).toBe('true');
    const refused = within(dialog).getByText('ann@other.example').closest('[data-refused]') as HTMLElement;
    expect(refused).toHaveTextContent(outside);
    await user.hover(refused);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(outside);

    await user.click(within(dialog).getByRole('button', { name: 'Remove ann@other.example' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add members' }));
    expect(await screen.findByText('2 users have been added successfully')).toBeInTheDocument();
    const [, check, add] = server.calls(routes.addUsers);
    expect(check?.url.searchParams.get('onlyCheckValidity')).toBe('true');
    expect(add?.url.searchParams.get('onlyCheckValidity')).toBeNull();
    expect(add?.body).toEqual({ userEmails: ['kim@acme.example', 'lee@acme.example'] });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add members' })).not.toBeInTheDocument(),
    );
  });

  it('MEM-072 one address added gives the singular banner', async () => {
    const { user } = await openUsersPage({
      routes: { [`POST /api/v1/workspaces/${acme.workspaceId}/users/v1`]: checkAnswer({}) },
    });
    await user.click(await screen.findByRole('button', { name: 'Add members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add members' });
    await user.type(
      within(dialog).getByRole('combobox', { name: 'Email addresses' }),
      'kim@acme.example{Enter}',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add members' }));
    expect(await screen.findByText('The user has been added successfully.')).toBeInTheDocument();
  });

  it('MEM-056 more addresses than available seats: the dialog says how many fit', async () => {
    const { user } = await openUsersPage({ seats: seatSummary({ assignedSeats: 14, availableSeats: 1 }) });
    await user.click(await screen.findByRole('button', { name: 'Add members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add members' });
    await user.type(
      within(dialog).getByRole('combobox', { name: 'Email addresses' }),
      'a@acme.example b@acme.example ',
    );
    expect(
      within(dialog).getByText(
        'There is 1 available seat in this space so you can add 1 member. To add more members you need to add more seats to the space first.',
      ),
    ).toBeInTheDocument();
  });

  it('MEM-050 INV-017 suggestions come from 2 characters on and a pick becomes a tag', async () => {
    const { user, server, routes } = await openUsersPage({
      routes: {
        'GET /api/v2/users/suggest': json(200, {
          items: [{ userEmail: 'sofia.r@acme.example', userName: 'Sofia R.' }],
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add members' });
    const input = within(dialog).getByRole('combobox', { name: 'Email addresses' });
    await user.type(input, 's');
    await act(() => new Promise((resolve) => setTimeout(resolve, 700)));
    expect(server.calls(routes.suggest)).toHaveLength(0);
    await user.type(input, 'o');
    const option = await screen.findByRole('option', { name: /Sofia R\./ }, { timeout: 3000 });
    expect(server.calls(routes.suggest)[0]?.url.searchParams.get('search')).toBe('so');
    await user.click(option);
    expect(within(dialog).getByText('sofia.r@acme.example')).toBeInTheDocument();
  });
});

describe('Users page: the add-members path and the seats', () => {
  it('MEM-045 SEAT-031 with no seat left Add members opens Manage seats: usage, Add seats, Remove unused seats, support', async () => {
    const { user, entry } = await openUsersPage({
      seats: seatSummary({ assignedSeats: 15, availableSeats: 0 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage seats' });
    expect(within(dialog).getByRole('progressbar', { name: '15 of 15 seats used' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Add seats' })).toHaveAttribute(
      'href',
      `${entry.urlPrefix}/checkout/add-seats`,
    );
    expect(within(dialog).getByRole('link', { name: 'Remove unused seats' })).toHaveAttribute(
      'href',
      `${entry.urlPrefix}/checkout/remove-seats`,
    );
    expect(within(dialog).getByRole('link', { name: 'contact support' })).toBeInTheDocument();
    expect(within(dialog).getByText(/Contact us if you need more than 100 seats/)).toBeInTheDocument();
  });

  it('MEM-044 SEAT-025 with no seat left and a downgrade scheduled, Add members goes to billing; the seat links wait, saying why on hover, on keyboard focus and to screen readers', async () => {
    const scheduled = seatSummary({
      assignedSeats: 15,
      availableSeats: 0,
      scheduledRemoval: { targetSeatsQuantity: 10, removeSeatsAtTimestamp: 1_900_000_000_000 },
    });
    const { user, router, entry } = await openUsersPage({ seats: scheduled });
    await user.click(await screen.findByRole('button', { name: 'Manage seats' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage seats' });
    const addSeats = within(dialog).getByRole('button', { name: 'Add seats' });
    const removeSeats = within(dialog).getByRole('button', { name: 'Remove unused seats' });
    for (const button of [addSeats, removeSeats]) {
      expect(button).toHaveAttribute('aria-disabled', 'true');
      // The spec's tooltip (001 §4: 'cancel the downgrade first'), also read out with the button.
      expect(button).toHaveAccessibleDescription('Cancel the downgrade first.');
    }
    await user.hover(addSeats);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Cancel the downgrade first.');
    await user.unhover(addSeats);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    // By keyboard: the blocked button keeps its place in the Tab order, and focus shows the tip.
    dialog.focus();
    while (document.activeElement !== addSeats) await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Cancel the downgrade first.');
    // Pressing it does nothing: the page stays.
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe(`${entry.urlPrefix}/space/users`);
    expect(within(dialog).getByRole('link', { name: 'Cancel downgrade' })).toHaveAttribute(
      'href',
      `${entry.urlPrefix}/space/billing`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Add members' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${entry.urlPrefix}/space/billing`));
  });

  it('PERM-022 PERM-024 an admin sees the seats but is told to contact the owner to buy more', async () => {
    const { user } = await openUsersPage({ role: 'ADMIN' });
    await user.click(await screen.findByRole('button', { name: 'Manage seats' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage seats' });
    expect(within(dialog).queryByRole('link', { name: 'Add seats' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'please contact the space owner' })).toHaveAttribute(
      'href',
      'mailto:owner@acme.example',
    );
  });

  it('MEM-043 a space without a seat subscription opens the add-members dialog without a seat count', async () => {
    const { user, server, routes } = await openUsersPage({ seats: null });
    await screen.findByRole('heading', { name: 'Users' });
    await waitFor(() => expect(server.calls(routes.subscriptions)).toHaveLength(1));
    expect(screen.queryByText(/seats used/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add members' });
    expect(within(dialog).queryByText('Seats available:')).not.toBeInTheDocument();
  });
});
