import { screen } from '@testing-library/react';
import type { SeatSummary, UserWorkspace } from '@mergeboard/core';
import { describe, expect, it } from 'vitest';
import { currentUser } from '../../../testing/auth-fixtures';
import { json } from '../../../testing/fake-server';
import { pendingRemoval, removalRoutes } from '../../../testing/seat-fixtures';
import { renderInSpace, spaceEntry } from '../../../testing/space-fixtures';

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

/** The billing page of `space`, with its subscriptions, seats and removal answered. */
function openBilling(space: UserWorkspace) {
  const r = removalRoutes(space, SUB);
  return renderInSpace(`${space.urlPrefix}/space/billing`, {
    user: currentUser({ isPerSeat: true, userWorkspaces: [space] }),
    details: { [space.workspaceId]: { isPerSeat: true } },
    routes: {
      [`GET /api/workspace-billing/workspaces/${space.workspaceId}/subscriptions/v1`]: json(200, {
        items: [],
      }),
      [`GET /api/workspace-billing/workspaces/${space.workspaceId}/subscriptions/v2`]: json(200, {
        items: [scheduledSeats],
      }),
      [r.get]: json(200, removal),
    },
  });
}

describe('Billing page: the scheduled seat removal', () => {
  it('SEAT-026 SEAT-028 the owner sees the banner with the target seats and date, and may cancel', async () => {
    await openBilling(acme);
    expect(await screen.findByText(BANNER_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel downgrade' })).toBeInTheDocument();
  });
});

describe('Mail merges page: the scheduled seat removal', () => {
  it('SEAT-026 the owner and an admin see the downgrade banner above the mail merges (C1); a member does not', async () => {
    for (const userRole of ['OWNER', 'ADMIN', 'MEMBER'] as const) {
      const space = spaceEntry(1, 'Acme Sales', { userRole, workspacePlan: 'PRO', userPlan: 'PRO' });
      const r = removalRoutes(space, SUB);
      const view = await renderInSpace(`${space.urlPrefix}/mail-merges/sent`, {
        user: currentUser({ isPerSeat: true, userWorkspaces: [space] }),
        details: { [space.workspaceId]: { isPerSeat: true } },
        routes: {
          [`GET /api/workspace-billing/workspaces/${space.workspaceId}/subscriptions/v2`]: json(200, {
            items: [scheduledSeats],
          }),
          [r.get]: json(200, removal),
        },
      });
      await screen.findByRole('heading', { name: 'Mail merges' });
      if (userRole === 'MEMBER') expect(screen.queryByText(BANNER_TEXT)).not.toBeInTheDocument();
      else expect(await screen.findByText(BANNER_TEXT)).toBeInTheDocument();
      view.unmount();
    }
  });
});
