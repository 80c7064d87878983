import { useMutation } from '@tanstack/react-query';
import { updateWorkspace, type ContractInput } from '@mergeboard/core';
import type { WorkspaceDetails } from '@mergeboard/core';
import type { ApiError } from '../../../lib/api-client';
import { callAuthed } from '../../../lib/authed-call';

type UpdateWorkspaceInput = { workspaceId: string } & ContractInput<typeof updateWorkspace>['body'];

/**
 * PUT /api/v1/workspaces/{id} (API-010): rename a space, or change who may invite or the
 * composer's tracking defaults (owner only).
 */
export function useUpdateWorkspace() {
  return useMutation<WorkspaceDetails, ApiError, UpdateWorkspaceInput>({
    mutationFn: ({ workspaceId, ...body }) =>
      callAuthed(updateWorkspace, { params: { id: workspaceId }, body }),
  });
}
