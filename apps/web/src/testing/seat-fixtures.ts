import type { ScheduledSeatRemoval, UserWorkspace } from '@mergeboard/core';

/** 2026-01-01, noon UTC: the end of the period a removal waits for. */
const REMOVAL_DATE = Date.UTC(2026, 0, 1, 12);

/** A pending removal of `subscriptionId` down to `targetSeatsQuantity` seats. */
export function pendingRemoval(
  subscriptionId: string,
  overrides: Partial<ScheduledSeatRemoval> = {},
): ScheduledSeatRemoval {
  return {
    scheduledRemovalId: 'removal-1',
    subscriptionId,
    paymentPlanId: '00000000-0000-4000-8000-0000000000aa',
    targetSeatsQuantity: 10,
    targetSubscriptionAmount: 60_000,
    removeSeatsAtTimestamp: REMOVAL_DATE,
    createTimestamp: 1_700_000_000_000,
    lastUpdateTimestamp: 1_700_000_000_000,
    status: 'PENDING',
    ...overrides,
  };
}

/** The calls of a space's scheduled seat removal, as the fake server names them. */
export const removalRoutes = (space: UserWorkspace, subscriptionId: string) => {
  const path = `/api/workspace-billing/workspaces/${space.workspaceId}/subscriptions/v2/${subscriptionId}/seats/v1/scheduled-removals`;
  return { get: `GET ${path}`, schedule: `POST ${path}`, cancel: `DELETE ${path}` };
};
