import { screen } from '@testing-library/react';
import type { SeatSummary, UserWorkspace } from '@mergeboard/core';
import { describe, expect, it } from 'vitest';
import { currentUser } from '../../testing/auth-fixtures';
import { json } from '../../testing/fake-server';
import { pendingRemoval, removalRoutes } from '../../testing/seat-fixtures';
import { renderInSpace, spaceEntry } from '../../testing/space-fixtures';

const acme = spaceEntry(1, 'Acme Sales', { userRole: 'OWNER', workspacePlan: 'PRO', userPlan: 'PRO' });
const SUB = 'sub-1';
const removal = pendingRemoval(SUB);
const BANNER_TEXT = 'Your subscription is scheduled to go down to 10 seats on January 1st, 2026.';
const scheduledSeats: SeatSummary = {
  subscriptionId: SUB,
  workspacePlan: 'PRO',
  subscriptionStatus: 'ACTIVE',
  paymentSource: 'STRIPE',
  billingInterval: 'YEARLY',
  totalSeats: 15,
  assignedSeats: 15,
  availableSeats: 0,
  scheduledRemoval: { targetSeatsQuantity: 10, removeSeatsAtTimestamp: removal.removeSeatsAtTimestamp },
};

/** The mail merges page of `space`, its lists empty, the space's seats and removal answered. */
function openMailMerges(space: UserWorkspace) {
  const r = removalRoutes(space, SUB);
  return renderInSpace(`${space.urlPrefix}/mail-merges/sent`, {
    user: currentUser({ isPerSeat: true, userWorkspaces: [space] }),
    details: { [space.workspaceId]: { isPerSeat: true } },
    routes: {
      'GET /api/users/me/campaigns': json(200, { items: [], total: 0 }),
      [`GET /api/users/me/workspaces/${space.workspaceId}/campaigns/count`]: json(200, { campaignCount: 0 }),
      [`GET /api/workspace-billing/workspaces/${space.workspaceId}/subscriptions/v2`]: json(200, {
        items: [scheduledSeats],
      }),
      [r.get]: json(200, removal),
    },
  });
}

describe('Mail merges page: the scheduled seat removal', () => {
  it('SEAT-026 the owner sees the banner with the target seats and date', async () => {
    await openMailMerges(acme);
    expect(await screen.findByText(BANNER_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel downgrade' })).toBeInTheDocument();
  });

  it('SEAT-024 SEAT-026 a member of the space neither looks the removal up nor sees a banner', async () => {
    const member = { ...acme, userRole: 'MEMBER' as const };
    const { server } = await openMailMerges(member);
    await screen.findByRole('heading', { name: 'Mail merges' });
    expect(server.calls(removalRoutes(member, SUB).get)).toHaveLength(0);
    expect(
      server.calls(`GET /api/workspace-billing/workspaces/${member.workspaceId}/subscriptions/v2`),
    ).toHaveLength(0);
    expect(screen.queryByText(BANNER_TEXT)).not.toBeInTheDocument();
  });
});
