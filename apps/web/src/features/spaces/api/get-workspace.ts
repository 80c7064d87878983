import { useQuery } from '@tanstack/react-query';
import { getWorkspace } from '@mergeboard/core';
import { contractQueryKey, contractQueryOptions } from '../../../lib/api-query';

/** Every cached GET /workspaces/{id} answer, for invalidation after a change (SPACE-033). */
export const workspaceQueryRoot = contractQueryKey(getWorkspace).slice(0, 1);

/** GET /api/v1/workspaces/{id} (API-008) with domains, features and member count. */
export function getWorkspaceQueryOptions(workspaceId: string) {
  return contractQueryOptions(getWorkspace, {
    params: { id: workspaceId },
    query: { includeDomains: 'true', includeFeatures: 'true', includeMembersCount: 'true' },
  });
}

/**
 * The space's details as the server computes them for the caller (features, restrictions,
 * owner). Not fetched for a DISABLED space (SPACE-005): pass `enabled: false`.
 */
export function useWorkspace(workspaceId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getWorkspaceQueryOptions(workspaceId), enabled });
}
