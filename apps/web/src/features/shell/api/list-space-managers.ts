import { useQuery } from '@tanstack/react-query';
import { listSpaceManagers, STALE_TIME_MS } from '@mergeboard/core';
import { contractQueryOptions } from '../../../lib/api-query';

/**
 * GET /api/v1/workspaces/{id}/managers (SHELL-023): the owner and admins a member asks for an
 * upgrade, owner first. The full member list is not the free member's to read.
 */
export function useSpaceManagers(workspaceId: string) {
  return useQuery({
    ...contractQueryOptions(
      listSpaceManagers,
      { params: { id: workspaceId } },
      { staleTime: STALE_TIME_MS.members },
    ),
  });
}
