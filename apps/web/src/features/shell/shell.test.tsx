import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SIDEBAR_WIDTH_PX } from '@mergeboard/core';
import { env } from '../../config/env';
import { currentUser } from '../../testing/auth-fixtures';
import { json } from '../../testing/fake-server';
import { renderInSpace, spaceEntry } from '../../testing/space-fixtures';
import { NOTHING_CONFIGURED, configureInstall } from '../../testing/install-content';
import { setViewportWidth } from '../../testing/viewport';
import { MANAGE_SETTINGS_TEXT } from './index';
import { realTrigger } from '../../testing/load-on-intent';

const ownerPro = spaceEntry(1, 'Acme Sales', {
  userRole: 'OWNER',
  workspacePlan: 'PRO',
  userPlan: 'PRO',
  isSendingWorkspace: true,
});
const adminPro = spaceEntry(2, 'Beta Team', { userRole: 'ADMIN', workspacePlan: 'PRO', userPlan: 'PRO' });
const memberFree = spaceEntry(3, 'Free Club', {
  userRole: 'MEMBER',
  workspacePlan: 'FREE',
  userPlan: 'FREE',
});
const freeMemberOfPro = spaceEntry(4, 'Pro Crew', {
  userRole: 'MEMBER',
  workspacePlan: 'PRO',
  userPlan: 'FREE',
});
const ownerFree = spaceEntry(5, 'My Own Free', {
  userRole: 'OWNER',
  workspacePlan: 'FREE',
  userPlan: 'FREE',
});

/** Someone whose add-on is installed: the sidebar has no onboarding entry (ONB-002). */
const installed = { installationTimestamp: 1_700_000_000_000 };

function sidebar() {
  return within(screen.getByRole('navigation', { name: 'Main navigation' }));
}

function sidebarLinks(): string[] {
  return sidebar()
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('sidebar', () => {
  it('SHELL-001 SHELL-002 SHELL-003 SHELL-006: an owner of a PRO space sees the work areas and General, Members, Billing', async () => {
    await renderInSpace(`${ownerPro.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ ...installed, userWorkspaces: [ownerPro] }),
    });
    await screen.findByRole('heading', { name: 'Mail merges' });
    // Bounces hidden for a paid user of a PRO space (PERM-015).
    await waitFor(() =>
      expect(sidebarLinks()).toEqual([
        'Mail merges',
        'Unsubscriptions',
        'Team report',
        'General',
        'Members',
        'Billing',
        'Deliverability',
      ]),
    );
    const shellStyles = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(shellStyles).toContain(
      `--app-shell-navbar-width:calc(${SIDEBAR_WIDTH_PX / 16}rem * var(--mantine-scale))`,
    );
    expect(sidebar().queryByText(MANAGE_SETTINGS_TEXT)).not.toBeInTheDocument();
  });

  it('SHELL-004: per-seat spaces call the users item Users', async () => {
    await renderInSpace(`${adminPro.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ ...installed, isPerSeat: true, userWorkspaces: [adminPro] }),
    });
    await screen.findByRole('heading', { name: 'Mail merges' });
    // Per-seat billing is the owner's only (PERM-005).
    await waitFor(() =>
      expect(sidebarLinks()).toEqual([
        'Mail merges',
        'Unsubscriptions',
        'Team report',
        'Users',
        'Deliverability',
      ]),
    );
  });

  it('SHELL-008 SHELL-003: a member of a FREE space sees Bounces, no settings items but their own Deliverability (issue 26) and the manage-settings text', async () => {
    await renderInSpace(`${memberFree.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ ...installed, userWorkspaces: [memberFree] }),
    });
    await screen.findByRole('heading', { name: 'Mail merges' });
    expect(sidebarLinks()).toEqual(['Mail merges', 'Unsubscriptions', 'Bounces', 'Deliverability']);
    expect(sidebar().getByText(MANAGE_SETTINGS_TEXT)).toBeInTheDocument();
    expect(MANAGE_SETTINGS_TEXT).toBe(
      'You cannot manage settings if you are not an owner or admin of the selected space.',
    );
  });

  it('SHELL-004: the users item disappears when the users page is restricted for the user', async () => {
    await renderInSpace(`${adminPro.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ ...installed, userWorkspaces: [adminPro] }),
      details: { [adminPro.workspaceId]: { restrictions: ['USERS_PAGE'] } },
    });
    await screen.findByRole('heading', { name: 'Mail merges' });
    await waitFor(() =>
      expect(sidebarLinks()).toEqual([
        'Mail merges',
        'Unsubscriptions',
        'Team report',
        'Billing',
        'Deliverability',
      ]),
    );
  });

  it('ONB-002: without an installation timestamp the sidebar offers the onboarding, which opens /get-started', async () => {
    const { user, router } = await renderInSpace(`${memberFree.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ installationTimestamp: null, userWorkspaces: [memberFree] }),
    });
    await screen.findByRole('heading', { name: 'Mail merges' });
    expect(sidebarLinks()).toEqual([
      'Mail merges',
      'Unsubscriptions',
      'Bounces',
      'Get started',
      'Deliverability',
    ]);
    await user.click(sidebar().getByRole('link', { name: 'Get started' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/get-started'));
  });

  it('ONB-002: once the add-on reports its installation the onboarding entry is gone', async () => {
    await renderInSpace(`${memberFree.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ ...installed, userWorkspaces: [memberFree] }),
    });
    await screen.findByRole('heading', { name: 'Mail merges' });
    expect(sidebar().queryByRole('link', { name: 'Get started' })).not.toBeInTheDocument();
  });

  it('SHELL-007: exactly one item is active, and the Settings group collapses and expands', async () => {
    const { user } = await renderInSpace(`${ownerPro.urlPrefix}/space/general`, {
      user: currentUser({ userWorkspaces: [ownerPro] }),
    });
    await screen.findByRole('heading', { name: 'General settings' });
    const current = sidebar()
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['General']);

    await user.click(sidebar().getByRole('button', { name: 'Settings' }));
    await waitFor(() => expect(sidebar().queryByRole('link', { name: 'General' })).not.toBeInTheDocument());
    await user.click(sidebar().getByRole('button', { name: 'Settings' }));
    expect(await sidebar().findByRole('link', { name: 'General' })).toBeInTheDocument();
  });

  it('SHELL-009 SHELL-010: promotions from /cannon appear in the sidebar', async () => {
    const { server } = await renderInSpace(`${ownerPro.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ userWorkspaces: [ownerPro] }),
      routes: {
        'GET /api/cannon': json(200, {
          enabled: true,
          promotions: [
            {
              name: 'Folder Sync',
              description: 'Keep folders in sync',
              image: 'https://example.com/sync.png',
              type: 'addon',
              url: 'https://example.com/sync',
              productId: 'sync',
            },
          ],
        }),
      },
    });
    const promotions = await screen.findByRole('region', { name: 'Promotions' });
    expect(within(promotions).getByText('Folder Sync')).toBeInTheDocument();
    expect(within(promotions).getByRole('link')).toHaveAttribute('href', 'https://example.com/sync');
    const [call] = server.calls('GET /api/cannon');
    expect(call?.url.searchParams.get('project')).toBe('mergeboard');
    expect(call?.url.searchParams.get('placement')).toBe('sidebar');
  });
});

describe('header', () => {
  it('SHELL-011 SHELL-012: the owner of a FREE space gets the Upgrade button to checkout details', async () => {
    await renderInSpace(`${ownerFree.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ userWorkspaces: [ownerFree] }),
    });
    const upgrade = await screen.findByRole('link', { name: 'Upgrade' });
    expect(upgrade).toHaveAttribute('href', `${ownerFree.urlPrefix}/checkout/details`);
  });

  it('SHELL-012: no Upgrade button for a MEMBER, on a paid space, or on the billing page', async () => {
    const first = await renderInSpace(`${memberFree.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ userWorkspaces: [memberFree, ownerPro] }),
    });
    await screen.findByRole('heading', { name: 'Mail merges' });
    expect(screen.queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument();
    await act(() => first.router.navigate(`${ownerPro.urlPrefix}/mail-merges/sent`));
    expect(screen.queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument();
    first.unmount();

    const second = await renderInSpace(`${ownerFree.urlPrefix}/space/billing`, {
      user: currentUser({ userWorkspaces: [ownerFree] }),
    });
    expect(await screen.findByRole('heading', { name: 'Billing' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument();
    expect(second.router.state.location.pathname).toBe(`${ownerFree.urlPrefix}/space/billing`);
  });

  it('SHELL-012 PERM-005 PERM-009: a per-seat ADMIN of a FREE space gets no Upgrade button into the checkout he is refused; an admin of the older flow does', async () => {
    const adminFree = spaceEntry(6, 'Free Admins', {
      userRole: 'ADMIN',
      workspacePlan: 'FREE',
      userPlan: 'FREE',
    });
    const perSeat = await renderInSpace(`${adminFree.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ isPerSeat: true, userWorkspaces: [adminFree] }),
    });
    await screen.findByRole('heading', { name: 'Mail merges' });
    expect(screen.queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument();
    perSeat.unmount();

    await renderInSpace(`${adminFree.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ isPerSeat: false, userWorkspaces: [adminFree] }),
    });
    expect(await screen.findByRole('link', { name: 'Upgrade' })).toHaveAttribute(
      'href',
      `${adminFree.urlPrefix}/checkout/details`,
    );
  });

  it('SHELL-014: the help link goes to the support centre', async () => {
    await renderInSpace(`${ownerPro.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ userWorkspaces: [ownerPro] }),
    });
    expect(await screen.findByRole('link', { name: 'Help' })).toHaveAttribute('href', env.helpCenterUrl);
  });

  it('SHELL-014 (issue 24): an install that names no help centre (nor support address) shows no Help link', async () => {
    configureInstall(NOTHING_CONFIGURED);
    await renderInSpace(`${ownerPro.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ userWorkspaces: [ownerPro] }),
    });
    await screen.findByRole('button', { name: /Account menu$/ });
    expect(screen.queryByRole('link', { name: 'Help' })).not.toBeInTheDocument();
  });

  it('(issue 24) the first Tab stop is a skip link to the page, which takes focus to <main>', async () => {
    const { user } = await renderInSpace(`${ownerPro.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ ...installed, userWorkspaces: [ownerPro] }),
    });
    await screen.findByRole('heading', { name: 'Mail merges' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    const main = screen.getByRole('main');
    expect(skip).toHaveAttribute('href', `#${main.id}`);
    await user.keyboard('{Enter}');
    expect(main).toHaveFocus();
    // The next Tab goes on from the page, not from the header.
    await user.tab();
    expect(main).toContainElement(document.activeElement as HTMLElement);
  });

  it('SHELL-015 SHELL-017: the account menu shows the user, the active space with its plan, Manage billing, Switch account and Log out', async () => {
    const { user } = await renderInSpace(`${adminPro.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ userWorkspaces: [ownerPro, adminPro] }),
    });
    const button = await screen.findByRole('button', { name: /Account menu$/ });
    expect(within(button).getByText('PD')).toBeInTheDocument();
    await user.click(await realTrigger(user, () => screen.getByRole('button', { name: /Account menu$/ })));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Pat Doe')).toBeInTheDocument();
    expect(within(menu).getByText('pat@gmail.com')).toBeInTheDocument();
    // The active space is the one in the URL, not the sending one.
    expect(within(menu).getByText('Beta Team')).toBeInTheDocument();
    expect(within(menu).getByText('Pro')).toBeInTheDocument();
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Beta TeamPro',
      'Manage billing',
      'Switch account',
      'Log out',
    ]);
    // SHELL-017: the space block links to the settings.
    expect(items[0]).toHaveAttribute('href', `${adminPro.urlPrefix}/space`);
    expect(items[1]).toHaveAttribute('href', `${adminPro.urlPrefix}/space/billing`);
  });

  it('SHELL-013 SHELL-017: a member without access to users gets a plain space block and no Manage billing', async () => {
    const { user } = await renderInSpace(`${memberFree.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ userWorkspaces: [memberFree] }),
    });
    await screen.findByRole('button', { name: /Account menu$/ });
    await user.click(await realTrigger(user, () => screen.getByRole('button', { name: /Account menu$/ })));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Free Club')).toBeInTheDocument();
    expect(within(menu).getByText('Free')).toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Switch account', 'Log out']);
  });

  it('SHELL-016: a DISABLED user gets a disabled menu: only the account actions', async () => {
    const { user } = await renderInSpace(`${ownerPro.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ status: 'DISABLED', userWorkspaces: [ownerPro] }),
    });
    await screen.findByRole('heading', { name: 'Sorry, your account is disabled' });
    await user.click(await realTrigger(user, () => screen.getByRole('button', { name: /Account menu$/ })));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Switch account', 'Log out']);
  });

  it('SHELL-027: below 990 px the sidebar becomes a drawer behind a burger', async () => {
    setViewportWidth(375);
    const { user } = await renderInSpace(`${ownerPro.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ userWorkspaces: [ownerPro] }),
    });
    const burger = await screen.findByRole('button', { name: 'Open navigation' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(nav).not.toHaveAttribute('data-mobile-opened');
    await user.click(burger);
    expect(screen.getByRole('button', { name: 'Close navigation' })).toBeInTheDocument();
    await user.click(within(nav).getByRole('link', { name: 'Unsubscriptions' }));
    expect(await screen.findByRole('heading', { name: 'Unsubscriptions' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open navigation' })).toBeInTheDocument();
  });
});

describe('space dropdown', () => {
  it('SHELL-018 SHELL-019 SHELL-020: lists the spaces with the sending mark and Create space; choosing one opens its settings', async () => {
    const { user, router } = await renderInSpace(`${adminPro.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ userWorkspaces: [ownerPro, adminPro, memberFree] }),
    });
    await screen.findByRole('button', { name: /Space menu$/ });
    await user.click(await realTrigger(user, () => screen.getByRole('button', { name: /Space menu$/ })));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Acme SalesProEmails are sent from this space',
      'Beta TeamPro',
      'Free ClubFree',
      'Create space',
    ]);

    await user.click(items[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ownerPro.urlPrefix}/space/general`));

    // General loads with its route: the shell waits behind the loader until it is in.
    await user.click(await screen.findByRole('button', { name: /Space menu$/ }));
    await user.click(await screen.findByRole('menuitem', { name: /Beta Team/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${adminPro.urlPrefix}/space/users`));
  });
});

describe('upgrade info modal', () => {
  const managersCall = `GET /api/v1/workspaces/${freeMemberOfPro.workspaceId}/managers`;

  it('SHELL-023 SHELL-024 PERM-016: a free member of a Pro space sees the owner and admins to contact', async () => {
    const owner = { id: 'u-7', role: 'OWNER', name: 'Olivia Owner', email: 'olivia@acme.example' };
    const admin = { id: 'u-8', role: 'ADMIN', name: 'Adam Admin', email: 'adam@acme.example' };
    const { user, server } = await renderInSpace(`${freeMemberOfPro.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ userWorkspaces: [freeMemberOfPro] }),
      routes: { [managersCall]: json(200, { items: [owner, admin] }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Upgrade' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('olivia@acme.example')).toBeInTheDocument();
    expect(within(dialog).getByText('adam@acme.example')).toBeInTheDocument();
    expect(within(dialog).queryByText('member1@acme.example')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy olivia@acme.example' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy adam@acme.example' })).toBeInTheDocument();
    expect(within(dialog).getByText('Contact any of them to request an upgrade.')).toBeInTheDocument();
    // The free member reads whom to ask, not the member list the server refuses him (PERM-012).
    expect(server.calls(`GET /api/v1/workspaces/${freeMemberOfPro.workspaceId}/members`)).toHaveLength(0);
    // The header's × and the footer's Close button: the footer's.
    const [, closeButton] = within(dialog).getAllByRole('button', { name: 'Close' });
    await user.click(closeButton!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('SHELL-023 (issue 24): each copy button is an icon with an accessible name, and says when the address was copied', async () => {
    const owner = { id: 'u-7', role: 'OWNER', name: 'Olivia Owner', email: 'olivia@acme.example' };
    const { user } = await renderInSpace(`${freeMemberOfPro.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ userWorkspaces: [freeMemberOfPro] }),
      routes: { [managersCall]: json(200, { items: [owner] }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Upgrade' }));
    const dialog = await screen.findByRole('dialog');
    const copy = await within(dialog).findByRole('button', { name: 'Copy olivia@acme.example' });
    // No character for a screen reader to spell out or a font to miss: a drawing, hidden from both.
    expect(copy).toHaveTextContent(/^$/);
    expect(copy.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(within(dialog).getByRole('status')).toHaveTextContent(/^$/);

    await user.click(copy);
    expect(await within(dialog).findByRole('status')).toHaveTextContent('olivia@acme.example copied');
    expect(await navigator.clipboard.readText()).toBe('olivia@acme.example');
  });

  it('SHELL-024: without admins the text is "Contact them to request an upgrade."', async () => {
    const { user } = await renderInSpace(`${freeMemberOfPro.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ userWorkspaces: [freeMemberOfPro] }),
      routes: {
        [managersCall]: json(200, {
          items: [{ id: 'u-7', role: 'OWNER', name: 'Solo Owner', email: 'solo@acme.example' }],
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Upgrade' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('solo@acme.example')).toBeInTheDocument();
    expect(within(dialog).getByText('Contact them to request an upgrade.')).toBeInTheDocument();
  });
});
