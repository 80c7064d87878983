import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUser } from '../../testing/auth-fixtures';
import { apiError, json } from '../../testing/fake-server';
import { renderInSpace, spaceEntry } from '../../testing/space-fixtures';

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

  it('UNSUB-014 an owner without sharing sees the upgrade link to the billing page', async () => {
    await renderInSpace(page, {
      user: currentUser({ userWorkspaces: [owned] }),
      routes: { [listRoute(owned.workspaceId)]: oneItem },
    });
    expect(await screen.findByRole('link', { name: 'upgrade your plan' })).toHaveAttribute(
      'href',
      `${owned.urlPrefix}/space/billing`,
    );
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

  it('CONST-011 the export button is disabled without data; the empty state shows', async () => {
    await renderInSpace(page, {
      user: currentUser({ userWorkspaces: [owned] }),
      routes: { [listRoute(owned.workspaceId)]: json(200, { items: [], total: 0 }) },
    });
    expect(await screen.findByText('Nothing to see here...')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled());
  });
});
