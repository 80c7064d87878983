import { useMutation } from '@tanstack/react-query';
import { updateWorkspace } from '@mergeboard/core';
import type { WorkspaceDetails } from '@mergeboard/core';
import type { ApiError } from '../../../lib/api-client';
import { callAuthed } from '../../../lib/authed-call';

interface UpdateWorkspaceInput {
  workspaceId: string;
  workspaceName?: string;
  memberInviteUser?: boolean;
}

/** PUT /api/v1/workspaces/{id} (API-010): rename a space (owner only). */
export function useUpdateWorkspace() {
  return useMutation<WorkspaceDetails, ApiError, UpdateWorkspaceInput>({
    mutationFn: ({ workspaceId, ...body }) =>
      callAuthed(updateWorkspace, { params: { id: workspaceId }, body }),
  });
}
