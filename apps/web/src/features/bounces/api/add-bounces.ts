import { useMutation } from '@tanstack/react-query';
import { addBounces } from '@mergeboard/core';
import type { ApiError } from '../../../lib/api-client';
import { callAuthed } from '../../../lib/authed-call';

/** POST /api/users/workspace-activation-add-bounces/me (API-056); logs manual_bounce on the server. */
export function useAddBounces() {
  return useMutation<{ updated: number }, ApiError, { workspaceId: string; emailAddresses: string[] }>({
    mutationFn: (body) => {
      // BOUNCE-004: adding with no addresses is an error.
      if (!body.workspaceId || body.emailAddresses.length === 0) {
        return Promise.reject(new Error('A space and at least one address are required'));
      }
      return callAuthed(addBounces, { body });
    },
  });
}
