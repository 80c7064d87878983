import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { STALE_TIME_MS, listUnsubscriptions } from '@mergeboard/core';
import { contractQueryKey, contractQueryOptions } from '../../../lib/api-query';
import type { SuppressionListQuery } from '../components/suppression-page';

/** Every cached unsubscription list, for refreshing after a change. */
export const unsubscriptionsQueryRoot = contractQueryKey(listUnsubscriptions).slice(0, 1);

/** GET /api/users/me/workspaces/{workspaceId}/unsubscriptions (API-052). */
export function useUnsubscriptions(workspaceId: string, query: SuppressionListQuery) {
  return useQuery({
    ...contractQueryOptions(listUnsubscriptions, { params: { workspaceId }, query }),
    staleTime: STALE_TIME_MS.lists,
    placeholderData: keepPreviousData,
  });
}
