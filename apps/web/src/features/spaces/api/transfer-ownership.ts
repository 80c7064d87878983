import { useMutation } from '@tanstack/react-query';
import { transferOwnership } from '@mergeboard/core';
import type { ApiError } from '../../../lib/api-client';
import { callAuthed } from '../../../lib/authed-call';

/** PUT /api/v1/workspaces/{id}/owner (API-012): give the space to a member. */
export function useTransferOwnership() {
  return useMutation<
    { workspaceId: string; ownerUserId: string },
    ApiError,
    { workspaceId: string; userId: string }
  >({
    mutationFn: ({ workspaceId, userId }) =>
      callAuthed(transferOwnership, { params: { id: workspaceId }, body: { userId } }),
  });
}
