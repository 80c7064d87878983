import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createMerge, type ContractInput, type ContractResponse } from '@mergeboard/core';
import type { ApiError } from '../../../lib/api-client';
import { callAuthed } from '../../../lib/authed-call';

export type NewMerge = ContractInput<typeof createMerge>['body'];
type CreatedMerge = ContractResponse<typeof createMerge>;

/**
 * POST /api/v1/workspaces/:id/merges: send now or schedule. A new merge changes the Scheduled and
 * Sent lists, their counts, the quota and the user's counters: every cached answer is read again.
 */
export function useCreateMerge(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation<CreatedMerge, ApiError, NewMerge>({
    mutationFn: (body) => callAuthed(createMerge, { params: { id: workspaceId }, body }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
