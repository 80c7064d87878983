import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUser } from '../../testing/auth-fixtures';
import { apiError, json } from '../../testing/fake-server';
import { renderInSpace, spaceEntry } from '../../testing/space-fixtures';
import { setViewportWidth } from '../../testing/viewport';
import { formatDate } from '../../lib/format-date';

const owned = spaceEntry(1, 'Acme Sales', { userRole: 'OWNER', workspacePlan: 'PRO', userPlan: 'PRO' });
const premiumMember = spaceEntry(2, 'Premium Place', {
  userRole: 'MEMBER',
  workspacePlan: 'PREMIUM',
  userPlan: 'PRO',
});
const page = `${owned.urlPrefix}/unsubscriptions`;
const listRoute = (id: string) => `GET /api/users/me/workspaces/${id}/unsubscriptions`;
const addRoute = 'POST /api/users/workspace-activation-add-unsubscriptions/me';

const item = (emailAddress: string, type: 'WORKSPACE' | 'USER' = 'USER', deletable = true) => ({
  emailAddress,
  type,
  createTimestamp: 1_700_000_000_000,
  lastUpdateTimestamp: 1_700_000_000_000,
  deletable,
});
const oneItem = json(200, { items: [item('ann@example.com')], total: 1 });

async function typeTags(user: { type(element: Element, text: string): Promise<void> }, text: string) {
  await user.type(await screen.findByRole('textbox', { name: 'Email addresses to unsubscribe' }), text);
}

describe('unsubscriptions page', () => {
  it('UNSUB-002 UNSUB-004 UNSUB-007 API-053 splits tags, marks invalid ones, sends only the valid ones', async () => {
    const { user, server } = await renderInSpace(page, {
      user: currentUser({ userWorkspaces: [owned] }),
      routes: { [listRoute(owned.workspaceId)]: oneItem, [addRoute]: json(200, { updated: 1 }) },
    });
    await typeTags(user, 'bob@example.com,not-valid ');
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('1 email address(es) successfully unsubscribed.')).toBeInTheDocument();
    expect(server.calls(addRoute)[0]!.body).toEqual({
      workspaceId: owned.workspaceId,
      emailAddresses: ['bob@example.com'],
    });
  });

  it('UNSUB-003 the Unsubscribe button is disabled with no tags and with only invalid tags', async () => {
    const { user } = await renderInSpace(page, {
      user: currentUser({ userWorkspaces: [owned] }),
      routes: { [listRoute(owned.workspaceId)]: oneItem },
    });
    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(button).toBeDisabled();
    await typeTags(user, 'nope ');
    expect(button).toBeDisabled();
  });

  it('UNSUB-008 UNSUB-009 shows the already-unsubscribed warning, and the error banner (C16 spelling)', async () => {
    const { user, server } = await renderInSpace(page, {
      user: currentUser({ userWorkspaces: [owned] }),
      routes: { [listRoute(owned.workspaceId)]: oneItem, [addRoute]: json(200, { updated: 0 }) },
    });
    await typeTags(user, 'ann@example.com ');
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('These email addresses were already unsubscribed.')).toBeInTheDocument();
    server.on(addRoute, apiError(500, 'internal_error'));
    await typeTags(user, 'cid@example.com ');
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('An error ocurred. Please try again.')).toBeInTheDocument();
  });

  it('UNSUB-010 API-054 removal asks for confirmation, then shows the deleted banner', async () => {
    const deleteRoute = `DELETE /api/users/workspace-activation-delete-unsubscriptions/me/${owned.workspaceId}/ann%40example.com`;
    const { user, server } = await renderInSpace(page, {
      user: currentUser({ userWorkspaces: [owned] }),
      routes: { [listRoute(owned.workspaceId)]: oneItem, [deleteRoute]: json(200, { deleted: true }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete ann@example.com' }));
    expect(server.calls(deleteRoute)).toHaveLength(0);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('1 unsubscribed email address successfully deleted.')).toBeInTheDocument();
    expect(server.calls(deleteRoute)).toHaveLength(1);
  });

  it('UNSUB-012 CONST-005 asks for page 1 of 25, sorted by email ascending', async () => {
    const { server } = await renderInSpace(page, {
      user: currentUser({ userWorkspaces: [owned] }),
      routes: { [listRoute(owned.workspaceId)]: oneItem },
    });
    await screen.findByText('ann@example.com');
    const url = new URL(server.calls(listRoute(owned.workspaceId))[0]!.url, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      sortBy: 'email:asc',
      limit: '25',
      limitOffset: '0',
    });
  });

  it('UNSUB-001 a list that fails to load says so (not an empty list) and can be tried again', async () => {
    const { user } = await renderInSpace(page, {
      user: currentUser({ userWorkspaces: [owned] }),
      routes: { [listRoute(owned.workspaceId)]: [apiError(500, 'internal_error'), oneItem] },
    });
    expect(await screen.findByText('An error ocurred. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('0 total')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('ann@example.com')).toBeInTheDocument();
    expect(screen.queryByText('An error ocurred. Please try again.')).not.toBeInTheDocument();
  });

  it('UNSUB-013 UNSUB-014 the owner of a paid Pro space is told that Premium shares the list, with the upgrade link to the billing page', async () => {
    await renderInSpace(page, {
      user: currentUser({ userWorkspaces: [owned] }),
      routes: { [listRoute(owned.workspaceId)]: oneItem },
    });
    const link = await screen.findByRole('link', { name: 'See how to get Premium on the Billing page' });
    expect(link).toHaveAttribute('href', `${owned.urlPrefix}/space/billing`);
    expect(link.parentElement).toHaveTextContent(
      'The Premium plan shares unsubscriptions across the space; this space is on Pro. See how to get Premium on the Billing page.',
    );
    expect(screen.queryByText(/upgrade your plan/)).not.toBeInTheDocument();
  });

  it('UNSUB-013 UNSUB-015 PERM-017 a free member of a Premium space is told the list is shared with paid members, and to ask the owner', async () => {
    const freeInPremium = { ...premiumMember, userPlan: 'FREE' as const };
    await renderInSpace(`${freeInPremium.urlPrefix}/unsubscriptions`, {
      user: currentUser({ userWorkspaces: [freeInPremium] }),
      routes: { [listRoute(freeInPremium.workspaceId)]: oneItem },
    });
    expect(
      await screen.findByText(
        'This list is not shared with you: a Premium space shares its unsubscriptions with its paid members. Ask the space owner (owner@acme.example) to make you a paid member.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Upgrade/ })).not.toBeInTheDocument();
  });

  it('UNSUB-016 a member cannot delete a WORKSPACE entry when sharing is on', async () => {
    const url = `${premiumMember.urlPrefix}/unsubscriptions`;
    await renderInSpace(url, {
      user: currentUser({ userWorkspaces: [premiumMember] }),
      routes: {
        [listRoute(premiumMember.workspaceId)]: json(200, {
          items: [item('shared@example.com', 'WORKSPACE', false), item('mine@example.com')],
          total: 2,
        }),
      },
    });
    expect(await screen.findByRole('button', { name: 'Delete shared@example.com' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete mine@example.com' })).toBeEnabled();
  });

  it('UNSUB-016 the disabled Delete of a shared WORKSPACE entry says why; an own entry has no such note', async () => {
    const url = `${premiumMember.urlPrefix}/unsubscriptions`;
    const { user } = await renderInSpace(url, {
      user: currentUser({ userWorkspaces: [premiumMember] }),
      routes: {
        [listRoute(premiumMember.workspaceId)]: json(200, {
          items: [item('shared@example.com', 'WORKSPACE', false), item('mine@example.com')],
          total: 2,
        }),
      },
    });
    const reason = 'Only the owner or an admin can delete entries shared with the whole space.';
    const shared = await screen.findByRole('button', { name: 'Delete shared@example.com' });
    expect(shared).toHaveAccessibleDescription(reason);
    expect(screen.getByRole('button', { name: 'Delete mine@example.com' })).not.toHaveAccessibleDescription();
    // Pointing at the disabled button (its wrapper) shows the same reason as a tooltip.
    await user.hover(shared.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);
  });

  it('UNSUB-011 CONST-003 the unsubscription time uses the app date format, not the browser default', async () => {
    const lastUpdate = new Date(new Date().getFullYear(), 10, 21, 9, 49, 1).getTime();
    await renderInSpace(page, {
      user: currentUser({ userWorkspaces: [owned] }),
      routes: {
        [listRoute(owned.workspaceId)]: json(200, {
          items: [{ ...item('ann@example.com'), lastUpdateTimestamp: lastUpdate }],
          total: 1,
        }),
      },
    });
    const row = (await screen.findByText('ann@example.com')).closest('tr')!;
    // 'LLL. d, p' within the current year.
    expect(within(row).getByRole('cell', { name: 'Nov. 21, 9:49 AM' })).toBeInTheDocument();
    expect(formatDate(lastUpdate)).toBe('Nov. 21, 9:49 AM');
    expect(row).not.toHaveTextContent(new Date(lastUpdate).toLocaleString());
  });

  it('UNSUB-001 while the list loads a placeholder shows, not an empty table with 0 total', async () => {
    let answer: (response: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => (answer = resolve));
    await renderInSpace(page, {
      user: currentUser({ userWorkspaces: [owned] }),
      routes: { [listRoute(owned.workspaceId)]: () => pending },
    });
    expect(await screen.findByLabelText('Loading')).toBeInTheDocument();
    expect(screen.queryByText('0 total')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    answer(json(200, { items: [item('ann@example.com')], total: 1 }));
    expect(await screen.findByText('ann@example.com')).toBeInTheDocument();
    expect(screen.getByText('1 total')).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading')).not.toBeInTheDocument();
  });

  it('UNSUB-001 UNSUB-012 at 375 px the list keeps email, time and Delete (under the time); the sorted column header carries aria-sort', async () => {
    setViewportWidth(375);
    await renderInSpace(page, {
      user: currentUser({ userWorkspaces: [owned] }),
      routes: { [listRoute(owned.workspaceId)]: oneItem },
    });
    expect(await screen.findByRole('button', { name: 'Delete ann@example.com' })).toBeEnabled();
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Email ▲', 'Unsubscription time']);
    const remove = screen.getByRole('button', { name: 'Delete ann@example.com' });
    expect(remove.closest('td')).toHaveTextContent(`${formatDate(1_700_000_000_000)}Delete`);
    // Issue 24: two lines at most (the name and '@', then the domain), each cut short with an
    // ellipsis only when too long; screen readers and the title get the whole address.
    const address = screen.getByTitle('ann@example.com');
    const lines = address.querySelectorAll('[aria-hidden="true"]');
    expect([...lines].map((line) => line.textContent)).toEqual(['ann@', 'example.com']);
    expect(screen.getByRole('cell', { name: 'ann@example.com' })).toContainElement(address);
    expect(screen.queryByRole('cell', { name: 'USER' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('button', { name: /Email/ })).not.toHaveAttribute('aria-sort');
    expect(screen.getByRole('columnheader', { name: 'Unsubscription time' })).not.toHaveAttribute(
      'aria-sort',
    );
  });

  it('UNSUB-001 UNSUB-011 on a desktop the list shows email, time, type and Delete', async () => {
    await renderInSpace(page, {
      user: currentUser({ userWorkspaces: [owned] }),
      routes: { [listRoute(owned.workspaceId)]: oneItem },
    });
    expect(await screen.findByRole('cell', { name: 'USER' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Email ▲', 'Unsubscription time', 'Type', '']);
  });

  it('CONST-011 the export button is disabled without data; the empty state shows', async () => {
    await renderInSpace(page, {
      user: currentUser({ userWorkspaces: [owned] }),
      routes: { [listRoute(owned.workspaceId)]: json(200, { items: [], total: 0 }) },
    });
    expect(await screen.findByText('Nothing to see here...')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled());
  });
});
