import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  countScheduledCampaigns,
  createMerge,
  getMergeQuota,
  listScheduledCampaigns,
  listSentCampaigns,
  type ContractInput,
  type ContractResponse,
} from '@mergeboard/core';
import type { ApiError } from '../../../lib/api-client';
import { contractQueryKey } from '../../../lib/api-query';
import { callAuthed } from '../../../lib/authed-call';

export type NewMerge = ContractInput<typeof createMerge>['body'];
export type CreatedMerge = ContractResponse<typeof createMerge>;

/** The lists a new merge shows in, and the quota it spends: read again after sending. */
const refreshedAfterSending = [listScheduledCampaigns, countScheduledCampaigns, listSentCampaigns, getMergeQuota];

/** POST /api/v1/workspaces/:id/merges: send now or schedule. */
export function useCreateMerge(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation<CreatedMerge, ApiError, NewMerge>({
    mutationFn: (body) => callAuthed(createMerge, { params: { id: workspaceId }, body }),
    onSuccess: () =>
      Promise.all(
        refreshedAfterSending.map((contract) =>
          queryClient.invalidateQueries({ queryKey: contractQueryKey(contract).slice(0, 1) }),
        ),
      ),
  });
}
