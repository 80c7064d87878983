import { useMutation } from '@tanstack/react-query';
import { deleteUnsubscription } from '@mergeboard/core';
import type { ApiError } from '../../../lib/api-client';
import { callAuthed } from '../../../lib/authed-call';

/** DELETE /api/users/workspace-activation-delete-unsubscriptions/me/{workspaceId}/{emailAddress} (API-054). */
export function useDeleteUnsubscription() {
  return useMutation<{ deleted: true }, ApiError, { workspaceId: string; emailAddress: string }>({
    mutationFn: (params) => callAuthed(deleteUnsubscription, { params }),
  });
}
