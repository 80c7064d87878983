import { describe, expect, it } from 'vitest';
import { json } from '../../testing/fake-server';
import { currentUser } from '../../testing/auth-fixtures';
import { renderInSpace } from '../../testing/space-fixtures';
import {
  acme,
  acmeDetails,
  everyone,
  inDrawer,
  people,
  routeOf,
  searchingMembers,
  seatSummary,
  selectRow,
} from '../../testing/members-test-kit';

async function openUsers({ isPerSeat }: { isPerSeat: boolean }) {
  const r = routeOf(acme);
  return renderInSpace(`${acme.urlPrefix}/space/users`, {
    user: currentUser({ isPerSeat, userWorkspaces: [acme] }),
    details: { [acme.workspaceId]: { ...acmeDetails, isPerSeat } },
    routes: {
      [r.members]: searchingMembers(everyone),
      [r.subscriptions]: json(200, { items: [seatSummary()] }),
      [r.promoteValidity]: json(200, { items: [] }),
    },
  });
}

describe('Users page: member type', () => {
  it('MEM-033 outside the seat model the owner makes a free member paid on the checkout summary, from=users', async () => {
    const { user } = await openUsers({ isPerSeat: false });
    await selectRow(user, people.liam.name);
    const panel = await inDrawer();
    expect(panel.getByRole('link', { name: 'Change their type to Pro' })).toHaveAttribute(
      'href',
      `${acme.urlPrefix}/checkout/summary?from=users&userIds=${people.liam.id}`,
    );
  });

  it('MEM-033 in the seat model seats decide who is paid: no type change', async () => {
    const { user } = await openUsers({ isPerSeat: true });
    await selectRow(user, people.liam.name);
    const panel = await inDrawer();
    expect(panel.queryByRole('link', { name: 'Change their type to Pro' })).not.toBeInTheDocument();
  });
});
