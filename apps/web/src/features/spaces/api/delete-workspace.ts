import { useMutation } from '@tanstack/react-query';
import { deleteWorkspace } from '@mergeboard/core';
import type { ApiError } from '../../../lib/api-client';
import { callAuthed } from '../../../lib/authed-call';

/** DELETE /api/v1/workspaces/{id}: delete a space (owner only). */
export function useDeleteWorkspace() {
  return useMutation<{ deleted: true }, ApiError, { workspaceId: string }>({
    mutationFn: ({ workspaceId }) => callAuthed(deleteWorkspace, { params: { id: workspaceId } }),
  });
}
