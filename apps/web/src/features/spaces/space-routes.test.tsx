import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { env } from '../../config/env';
import { currentUser } from '../../testing/auth-fixtures';
import { renderInSpace, spaceEntry } from '../../testing/space-fixtures';

const owned = spaceEntry(1, 'Owned Space', { userRole: 'OWNER', workspacePlan: 'PRO', userPlan: 'PRO' });
const adminOf = spaceEntry(2, 'Admin Space', { userRole: 'ADMIN', workspacePlan: 'PRO', userPlan: 'PRO' });
const memberOf = spaceEntry(3, 'Member Space', {
  userRole: 'MEMBER',
  workspacePlan: 'PRO',
  userPlan: 'PRO',
  isSendingWorkspace: true,
});
const freeMember = spaceEntry(4, 'Free Club', {
  userRole: 'MEMBER',
  workspacePlan: 'FREE',
  userPlan: 'FREE',
});

async function landsOn(router: { state: { location: { pathname: string; search: string } } }, path: string) {
  await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe(path));
}

describe('space router', () => {
  it('ROUTE-008 ROUTE-011: signed in, / opens the sending space at its sent mail merges', async () => {
    const { router } = await renderInSpace('/', { user: currentUser({ userWorkspaces: [owned, memberOf] }) });
    await landsOn(router, `${memberOf.urlPrefix}/mail-merges/sent`);
    expect(await screen.findByRole('heading', { name: 'Mail merges' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`Mail merges | ${env.productName}`));
  });

  it('ROUTE-008: without a sending space, / opens the first space', async () => {
    const { router } = await renderInSpace('/', { user: currentUser({ userWorkspaces: [owned, adminOf] }) });
    await landsOn(router, `${owned.urlPrefix}/mail-merges/sent`);
  });

  it('ROUTE-010 ROUTE-011: the bare prefix and /mail-merges open the Sent tab; /scheduled is a tab', async () => {
    const user = currentUser({ userWorkspaces: [owned] });
    const { router } = await renderInSpace(owned.urlPrefix, { user });
    await landsOn(router, `${owned.urlPrefix}/mail-merges/sent`);
    await router.navigate(`${owned.urlPrefix}/mail-merges`);
    await landsOn(router, `${owned.urlPrefix}/mail-merges/sent`);
    await router.navigate(`${owned.urlPrefix}/mail-merges/scheduled`);
    expect(await screen.findByRole('tab', { name: 'Scheduled', selected: true })).toBeInTheDocument();
  });

  it('ROUTE-025: any other path under the prefix goes to mail merges', async () => {
    const { router } = await renderInSpace(`${owned.urlPrefix}/no/such/page?x=1`, {
      user: currentUser({ userWorkspaces: [owned] }),
    });
    await landsOn(router, `${owned.urlPrefix}/mail-merges/sent`);
  });

  it('ROUTE-022: the bare /space path takes an owner to General', async () => {
    const { router } = await renderInSpace(`${owned.urlPrefix}/space`, {
      user: currentUser({ userWorkspaces: [owned] }),
    });
    await landsOn(router, `${owned.urlPrefix}/space/general`);
    expect(await screen.findByRole('heading', { name: 'General settings' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`General | ${env.productName}`));
  });

  it('ROUTE-023: the bare /space path takes others to Users, or to Billing when the users page is restricted', async () => {
    const user = currentUser({ userWorkspaces: [adminOf] });
    const first = await renderInSpace(`${adminOf.urlPrefix}/space`, { user });
    await landsOn(first.router, `${adminOf.urlPrefix}/space/users`);
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    first.unmount();

    const second = await renderInSpace(`${adminOf.urlPrefix}/space`, {
      user,
      details: { [adminOf.workspaceId]: { restrictions: ['USERS_PAGE'] } },
    });
    await landsOn(second.router, `${adminOf.urlPrefix}/space/billing`);
    expect(await screen.findByRole('heading', { name: 'Billing' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`Billing | ${env.productName}`));
  });

  it('ROUTE-017 PERM-010: a member opening General or Billing is sent back to the work areas', async () => {
    const user = currentUser({ userWorkspaces: [memberOf] });
    const { router } = await renderInSpace(`${memberOf.urlPrefix}/space/general`, { user });
    await landsOn(router, `${memberOf.urlPrefix}/mail-merges/sent`);
    await router.navigate(`${memberOf.urlPrefix}/space/billing`);
    await landsOn(router, `${memberOf.urlPrefix}/mail-merges/sent`);
  });

  it('ROUTE-021: /space/upgrade goes to billing', async () => {
    const { router } = await renderInSpace(`${owned.urlPrefix}/space/upgrade`, {
      user: currentUser({ userWorkspaces: [owned] }),
    });
    await landsOn(router, `${owned.urlPrefix}/space/billing`);
  });

  it('ROUTE-026: {prefix}/settings/billing goes to {prefix}/space/billing keeping the query', async () => {
    const { router } = await renderInSpace(`${owned.urlPrefix}/settings/billing?show-plans=1&plan=pro`, {
      user: currentUser({ userWorkspaces: [owned] }),
    });
    await landsOn(router, `${owned.urlPrefix}/space/billing?show-plans=1&plan=pro`);
  });

  it('ROUTE-007: top-level /settings/billing picks an owned space first, keeping the query', async () => {
    const { router } = await renderInSpace('/settings/billing?checkout=success', {
      user: currentUser({ userWorkspaces: [memberOf, adminOf, owned] }),
    });
    await landsOn(router, `${owned.urlPrefix}/space/billing?checkout=success`);
  });

  it('ROUTE-007: without an owned space, /settings/billing picks a space the user administers', async () => {
    const { router } = await renderInSpace('/settings/billing', {
      user: currentUser({ userWorkspaces: [memberOf, adminOf] }),
    });
    await landsOn(router, `${adminOf.urlPrefix}/space/billing`);
  });

  it('ROUTE-035 SHELL-021: a wrong slug for a known space is corrected, keeping the rest of the path', async () => {
    const { router } = await renderInSpace(`/${owned.workspaceId}/old-name/unsubscriptions?q=1`, {
      user: currentUser({ userWorkspaces: [owned] }),
    });
    await landsOn(router, `${owned.urlPrefix}/unsubscriptions?q=1`);
    expect(await screen.findByRole('heading', { name: 'Unsubscriptions' })).toBeInTheDocument();
  });

  it('ROUTE-024: a space the user is not in goes to /, which opens their own space', async () => {
    const stranger = spaceEntry(99, 'Not Mine');
    const { router } = await renderInSpace(`${stranger.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ userWorkspaces: [owned] }),
    });
    await landsOn(router, `${owned.urlPrefix}/mail-merges/sent`);
  });

  it('ROUTE-013 ROUTE-014: bounces and team report redirect to mail merges when not accessible', async () => {
    // A paid user of a PRO space does not get the bounces page (PERM-015); a member has no team report.
    const user = currentUser({ userWorkspaces: [memberOf] });
    const { router } = await renderInSpace(`${memberOf.urlPrefix}/bounces`, { user });
    await landsOn(router, `${memberOf.urlPrefix}/mail-merges/sent`);
    await router.navigate(`${memberOf.urlPrefix}/team-report`);
    await landsOn(router, `${memberOf.urlPrefix}/mail-merges/sent`);
  });

  it('ROUTE-013 ROUTE-014 ROUTE-031: bounces and team report open when accessible, with their titles', async () => {
    const user = currentUser({ userWorkspaces: [freeMember, owned] });
    const { router } = await renderInSpace(`${freeMember.urlPrefix}/bounces`, { user });
    expect(await screen.findByRole('heading', { name: 'Bounces' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`Bounces | ${env.productName}`));
    await router.navigate(`${owned.urlPrefix}/team-report`);
    expect(await screen.findByRole('heading', { name: 'Team report' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`Team report | ${env.productName}`));
  });

  it('SHELL-025: a DISABLED user sees the disabled page on any space path', async () => {
    await renderInSpace(`${owned.urlPrefix}/mail-merges/sent`, {
      user: currentUser({ status: 'DISABLED', userWorkspaces: [owned] }),
    });
    expect(
      await screen.findByRole('heading', { name: 'Sorry, your account is disabled' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Contact your space administrator to solve this issue.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Mail merges' })).not.toBeInTheDocument();
  });
});
