import { useMutation } from '@tanstack/react-query';
import { deleteBounce } from '@mergeboard/core';
import type { ApiError } from '../../../lib/api-client';
import { callAuthed } from '../../../lib/authed-call';

/** DELETE /api/users/workspace-activation-delete-bounces/me/{workspaceId}/{emailAddress}, URL-encoded (API-057). */
export function useDeleteBounce() {
  return useMutation<{ deleted: true }, ApiError, { workspaceId: string; emailAddress: string }>({
    mutationFn: (params) => callAuthed(deleteBounce, { params }),
  });
}
