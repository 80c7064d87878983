import { useMutation } from '@tanstack/react-query';
import { createWorkspace } from '@mergeboard/core';
import type { ApiError } from '../../../lib/api-client';
import { callAuthed } from '../../../lib/authed-call';

interface CreateWorkspaceInput {
  workspaceName: string;
  userId: string;
}

/** POST /api/v1/workspaces (API-009): a new space owned by the caller. */
export function useCreateWorkspace() {
  return useMutation<{ workspaceId: string }, ApiError, CreateWorkspaceInput>({
    mutationFn: (body) => callAuthed(createWorkspace, { body }),
  });
}
