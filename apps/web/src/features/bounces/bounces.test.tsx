import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUser } from '../../testing/auth-fixtures';
import { json } from '../../testing/fake-server';
import { renderInSpace, spaceEntry } from '../../testing/space-fixtures';

// A FREE space shows the bounces page (PERM-015); the member is told to ask the owner.
const space = spaceEntry(3, 'Free Place', { userRole: 'MEMBER', workspacePlan: 'FREE', userPlan: 'FREE' });
const page = `${space.urlPrefix}/bounces`;
const listRoute = `GET /api/users/me/workspaces/${space.workspaceId}/bounces`;
const addRoute = 'POST /api/users/workspace-activation-add-bounces/me';
const bounce = {
  emailAddress: 'gone@example.com',
  type: 'USER',
  createTimestamp: 1_700_000_000_000,
  lastUpdateTimestamp: 1_700_000_000_000,
  deletable: true,
};

describe('bounces page', () => {
  it('BOUNCE-001 BOUNCE-010 API-055 shows the sortable columns, sorted by bounceTime descending', async () => {
    const { server } = await renderInSpace(page, {
      user: currentUser({ userWorkspaces: [space] }),
      routes: { [listRoute]: json(200, { items: [bounce], total: 1 }) },
    });
    expect(await screen.findByText('gone@example.com')).toBeInTheDocument();
    for (const name of [/Email/, /Bounce time/, /Type/]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    const url = server.calls(listRoute)[0]!.url;
    expect(url.searchParams.get('sortBy')).toBe('bounceTime:desc');
  });

  it('BOUNCE-001 BOUNCE-010 CONST-003 aria-sort is on the sorted column header (th), not its button; the time uses the app format', async () => {
    const bounceTime = new Date(new Date().getFullYear() - 1, 0, 5, 14, 3).getTime();
    const { user, server } = await renderInSpace(page, {
      user: currentUser({ userWorkspaces: [space] }),
      routes: {
        [listRoute]: json(200, { items: [{ ...bounce, lastUpdateTimestamp: bounceTime }], total: 1 }),
      },
    });
    await screen.findByText('gone@example.com');
    // 'LLL. d, yyyy, p' outside the current year.
    expect(
      screen.getByRole('cell', { name: `Jan. 5, ${new Date(bounceTime).getFullYear()}, 2:03 PM` }),
    ).toBeInTheDocument();
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    expect(header('Bounce time')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Email')).not.toHaveAttribute('aria-sort');
    for (const button of screen.getAllByRole('button', { name: /^(Email|Bounce time|Type)/ }))
      expect(button).not.toHaveAttribute('aria-sort');
    await user.click(screen.getByRole('button', { name: /^Email/ }));
    await waitFor(() => expect(header('Email')).toHaveAttribute('aria-sort', 'ascending'));
    expect(header('Bounce time')).not.toHaveAttribute('aria-sort');
    expect(server.calls(listRoute).at(-1)!.url.searchParams.get('sortBy')).toBe('email:asc');
  });

  it('BOUNCE-002 BOUNCE-003 BOUNCE-007 skips invalid tags and shows the added banner', async () => {
    const { user, server } = await renderInSpace(page, {
      user: currentUser({ userWorkspaces: [space] }),
      routes: {
        [listRoute]: json(200, { items: [bounce], total: 1 }),
        [addRoute]: json(200, { updated: 2 }),
      },
    });
    await user.type(
      await screen.findByRole('textbox', { name: 'Email addresses to add to the bounce list' }),
      'a@example.com b@example.com bad ',
    );
    expect(screen.getByText('Email is invalid')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to bounce list' }));
    expect(
      await screen.findByText('2 email address(es) successfully added to bounce list.'),
    ).toBeInTheDocument();
    expect(server.calls(addRoute)[0]!.body).toEqual({
      workspaceId: space.workspaceId,
      emailAddresses: ['a@example.com', 'b@example.com'],
    });
  });

  it('BOUNCE-008 shows the already-on-the-list warning', async () => {
    const { user } = await renderInSpace(page, {
      user: currentUser({ userWorkspaces: [space] }),
      routes: {
        [listRoute]: json(200, { items: [bounce], total: 1 }),
        [addRoute]: json(200, { updated: 0 }),
      },
    });
    await user.type(await screen.findByRole('textbox', { name: /bounce list/ }), 'gone@example.com ');
    await user.click(screen.getByRole('button', { name: 'Add to bounce list' }));
    expect(
      await screen.findByText('These email addresses were already on the bounce list.'),
    ).toBeInTheDocument();
  });

  it('BOUNCE-013 a member without shared bounces is told which plan shares them and to ask the owner, whose address is shown', async () => {
    await renderInSpace(page, {
      user: currentUser({ userWorkspaces: [space] }),
      routes: { [listRoute]: json(200, { items: [bounce], total: 1 }) },
    });
    expect(
      await screen.findByText(
        'This list is not shared with your space. The Premium plan shares bounces across the space; this space is on Free. Ask the space owner (owner@acme.example) to upgrade to Premium.',
      ),
    ).toBeInTheDocument();
  });
});
