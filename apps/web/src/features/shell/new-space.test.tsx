import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { MAX_SPACES_MESSAGES } from '@mergeboard/core';
import { describe, expect, it } from 'vitest';
import { currentUser } from '../../testing/auth-fixtures';
import { apiError, json } from '../../testing/fake-server';
import { renderInSpace, spaceEntry, workspaceDetails } from '../../testing/space-fixtures';
import { realTrigger } from '../../testing/load-on-intent';

const home = spaceEntry(1, 'Home Base', { userRole: 'OWNER', isSendingWorkspace: true });

async function openNewSpace(user: UserEvent, pageHeading = 'Mail merges') {
  // Like the shell tests: let the page settle before reaching for the menu, so the click does not
  // race the route's own loading on a busy machine.
  await screen.findByRole('heading', { name: pageHeading });
  const button = await realTrigger(user, () => screen.getByRole('button', { name: /Space menu$/ }));
  await user.click(button);
  await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'true'));
  await user.click(await screen.findByRole('menuitem', { name: 'Create space' }));
  return screen.findByRole('dialog', { name: 'New space' });
}

describe('new space modal', () => {
  it('SHELL-022 SPACE-008 SPACE-009 SPACE-010: the name is checked on blur and on submit with the spec texts', async () => {
    const { user, server } = await renderInSpace(`${home.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ userWorkspaces: [home] }),
    });
    const dialog = await openNewSpace(user);
    const input = within(dialog).getByRole('textbox', { name: 'Space name' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Please fill in this field.')).toBeInTheDocument();

    await user.type(input, '   ab  ');
    await user.tab();
    expect(within(dialog).getByText('Space name should contain at least 5 characters.')).toBeInTheDocument();

    await user.clear(input);
    await user.click(input);
    await user.paste('x'.repeat(256));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Space name could contain at most 255 characters.')).toBeInTheDocument();
    expect(server.calls('POST /api/v1/workspaces')).toHaveLength(0);
  });

  it('SHELL-022 SPACE-008: no error before anything is typed: leaving the empty field says nothing, submitting does', async () => {
    const { user } = await renderInSpace(`${home.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ userWorkspaces: [home] }),
    });
    const dialog = await openNewSpace(user);
    const input = within(dialog).getByRole('textbox', { name: 'Space name' });
    await user.click(input);
    await user.tab();
    expect(input).not.toHaveFocus();
    expect(within(dialog).queryByText('Please fill in this field.')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid', 'true');

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Please fill in this field.')).toBeInTheDocument();
  });

  it('SPACE-007: a user who owns 5 spaces is told so and the form is disabled', async () => {
    const owned = [1, 2, 3, 4, 5].map((n) => spaceEntry(n, `Owned Space ${n}`, { userRole: 'OWNER' }));
    const { user } = await renderInSpace(`${owned[0]!.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ userWorkspaces: owned }),
    });
    const dialog = await openNewSpace(user);
    expect(within(dialog).getByText(MAX_SPACES_MESSAGES.title)).toBeInTheDocument();
    expect(within(dialog).getByText(MAX_SPACES_MESSAGES.text)).toBeInTheDocument();
    expect(MAX_SPACES_MESSAGES).toEqual({
      title: 'You cannot create a new space',
      text: 'You are already the owner of 5 spaces which is the limit of the number of spaces you can own.',
    });
    expect(within(dialog).getByRole('textbox', { name: 'Space name' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
  });

  it('SPACE-014 SPACE-015 SPACE-033: creating switches to the new space sent page with the created alert', async () => {
    const created = spaceEntry(7, 'New Venture', { userRole: 'OWNER' });
    const before = currentUser({ userWorkspaces: [home] });
    const after = currentUser({ userWorkspaces: [home, created] });
    const { user, server, router } = await renderInSpace(`${home.urlPrefix}/unsubscriptions`, {
      user: before,
      routes: {
        'GET /api/v2/users/me': [json(200, before), json(200, after)],
        'POST /api/v1/workspaces': json(201, { workspaceId: created.workspaceId }),
        [`GET /api/v1/workspaces/${created.workspaceId}`]: json(200, workspaceDetails(created)),
        [`GET /api/users/me/workspaces/${home.workspaceId}/unsubscriptions`]: json(200, {
          items: [],
          total: 0,
        }),
        // The new space's Sent tab: nothing sent yet.
        'GET /api/users/me/campaigns': json(200, { items: [], total: 0 }),
      },
    });
    const dialog = await openNewSpace(user, 'Unsubscriptions');
    await user.type(within(dialog).getByRole('textbox', { name: 'Space name' }), '  New Venture ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`${created.urlPrefix}/mail-merges/sent`));
    expect(await screen.findByRole('alert')).toHaveTextContent('New Venture has been successfully created.');
    expect(server.calls('POST /api/v1/workspaces')[0]?.body).toEqual({
      workspaceName: 'New Venture',
      userId: 'u-1',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('SPACE-006: the server refusing a sixth space shows the limit text', async () => {
    const { user } = await renderInSpace(`${home.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ userWorkspaces: [home] }),
      routes: { 'POST /api/v1/workspaces': apiError(409, 'too_many_spaces') },
    });
    const dialog = await openNewSpace(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Space name' }), 'Sixth Space');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(MAX_SPACES_MESSAGES.text)).toBeInTheDocument();
  });

  it('SHELL-022: ?new-space opens the modal; Cancel closes it and drops the query', async () => {
    const { user, router } = await renderInSpace(`${home.urlPrefix}/mail-merges/sent?new-space`, {
      user: currentUser({ userWorkspaces: [home] }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'New space' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
  });
});
