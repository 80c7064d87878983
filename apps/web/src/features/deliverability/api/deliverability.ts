import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelMerge,
  getDeliverability,
  resumeMerge,
  STALE_TIME_MS,
  type ContractResponse,
} from '@mergeboard/core';
import type { ApiError } from '../../../lib/api-client';
import { contractQueryKey, contractQueryOptions } from '../../../lib/api-query';
import { callAuthed } from '../../../lib/authed-call';

/** GET /api/v1/workspaces/{id}/deliverability: the whole page in one answer. */
export function useDeliverability(workspaceId: string) {
  return useQuery(
    contractQueryOptions(
      getDeliverability,
      { params: { id: workspaceId } },
      { staleTime: STALE_TIME_MS.lists },
    ),
  );
}

/** After a merge is resumed or cancelled, the page's list of paused merges is read again. */
function useRefreshDeliverability(workspaceId: string) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      queryKey: contractQueryKey(getDeliverability, { params: { id: workspaceId } }),
    });
}

/** POST /api/v1/workspaces/{id}/merges/{mergeId}/resume: its sender, or an owner or admin. */
export function useResumeMerge(workspaceId: string) {
  const refresh = useRefreshDeliverability(workspaceId);
  return useMutation<ContractResponse<typeof resumeMerge>, ApiError, { mergeId: string }>({
    mutationFn: ({ mergeId }) => callAuthed(resumeMerge, { params: { id: workspaceId, mergeId } }),
    onSuccess: refresh,
  });
}

/** DELETE /api/v1/workspaces/{id}/merges/{mergeId}: its sender, or an owner or admin. */
export function useCancelMerge(workspaceId: string) {
  const refresh = useRefreshDeliverability(workspaceId);
  return useMutation<ContractResponse<typeof cancelMerge>, ApiError, { mergeId: string }>({
    mutationFn: ({ mergeId }) => callAuthed(cancelMerge, { params: { id: workspaceId, mergeId } }),
    onSuccess: refresh,
  });
}
