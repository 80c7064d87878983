import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { env } from '../../config/env';
import { currentUser, userWorkspace } from '../../testing/auth-fixtures';
import { renderSignedIn } from '../../testing/signed-in';

const acme = userWorkspace({
  workspaceId: '0b7d1c2e-0000-4000-8000-000000000001',
  workspaceName: 'Acme Sales',
  workspacePlan: 'PRO',
  userRole: 'ADMIN',
  isSendingWorkspace: true,
});
const personal = userWorkspace({ isSendingWorkspace: false });

describe('signed-in home', () => {
  it('ROUTE-001: shows the product header and the spaces with role and plan', async () => {
    await renderSignedIn('/', { user: currentUser({ userWorkspaces: [personal, acme] }) });
    expect(await screen.findByRole('heading', { name: 'Your spaces' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText(env.productName)).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["Pat's space", 'Owner', 'Free'],
      ['Acme SalesEmails are sent from this space', 'Admin', 'Pro'],
    ]);
    expect(document.title).toBe(`Home | ${env.productName}`);
  });

  it('SHELL: the account menu shows the user, the active (sending) space and plan, Switch account and Log out', async () => {
    const { user } = await renderSignedIn('/templates', {
      user: currentUser({ userWorkspaces: [personal, acme] }),
    });
    const button = await screen.findByRole('button', { name: 'Account menu' });
    expect(within(button).getByText('PD')).toBeInTheDocument();

    await user.click(button);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Pat Doe')).toBeInTheDocument();
    expect(within(menu).getByText('pat@gmail.com')).toBeInTheDocument();
    expect(within(menu).getByText('Acme Sales')).toBeInTheDocument();
    expect(within(menu).getByText('Pro')).toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Switch account', 'Log out']);
  });

  it('SHELL: without a sending space the first space is the active one; a photo replaces the initials', async () => {
    const { user } = await renderSignedIn('/', {
      user: currentUser({
        profilePictureUrl: 'https://example.com/pat.png',
        userWorkspaces: [userWorkspace({ isSendingWorkspace: false, workspacePlan: 'LEGACY' })],
      }),
    });
    const button = await screen.findByRole('button', { name: 'Account menu' });
    expect(within(button).getByRole('img', { name: 'Pat Doe' })).toHaveAttribute(
      'src',
      'https://example.com/pat.png',
    );
    await user.click(button);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText("Pat's space")).toBeInTheDocument();
    expect(within(menu).getByText('Legacy')).toBeInTheDocument();
  });
});
