import { useQuery } from '@tanstack/react-query';
import { listSubscriptionsV2, STALE_TIME_MS, type SeatSummary } from '@mergeboard/core';
import { contractQueryOptions } from '../../../../lib/api-query';

/**
 * GET /api/workspace-billing/workspaces/{id}/subscriptions/v2 (API-026): the seats of the space's
 * active subscription, or null when it has none (a FREE space). Not asked for by members, whom the
 * server does not serve (`enabled: false`).
 */
export function useSeatSummary(workspaceId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    ...contractQueryOptions(
      listSubscriptionsV2,
      { params: { id: workspaceId }, query: { status: 'ACTIVE' } },
      { staleTime: STALE_TIME_MS.subscriptions },
    ),
    enabled,
    select: (answer): SeatSummary | null => answer.items[0] ?? null,
  });
}
