import { useQuery } from '@tanstack/react-query';
import { listWorkspaceMembers, MEMBER_PAGE_SIZE, STALE_TIME_MS } from '@mergeboard/core';
import { contractQueryOptions } from '../../../lib/api-query';

/** GET /api/v1/workspaces/{id}/members (API-011): the first page of members (100, decision C10). */
function getWorkspaceMembersQueryOptions(workspaceId: string) {
  return contractQueryOptions(
    listWorkspaceMembers,
    { params: { id: workspaceId }, query: { limit: String(MEMBER_PAGE_SIZE) } },
    { staleTime: STALE_TIME_MS.members },
  );
}

export function useWorkspaceMembers(workspaceId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getWorkspaceMembersQueryOptions(workspaceId), enabled });
}
