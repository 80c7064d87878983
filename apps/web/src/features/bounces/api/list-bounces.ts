import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { STALE_TIME_MS, listBounces } from '@mergeboard/core';
import { contractQueryKey, contractQueryOptions } from '../../../lib/api-query';
import type { SuppressionListQuery } from '../../suppressions';

export const bouncesQueryRoot = contractQueryKey(listBounces).slice(0, 1);

/** GET /api/users/me/workspaces/{workspaceId}/bounces (API-055). */
export function useBounces(workspaceId: string, query: SuppressionListQuery) {
  return useQuery({
    ...contractQueryOptions(listBounces, { params: { workspaceId }, query }),
    staleTime: STALE_TIME_MS.lists,
    placeholderData: keepPreviousData,
  });
}
