import { useMutation } from '@tanstack/react-query';
import { addUnsubscriptions } from '@mergeboard/core';
import type { ApiError } from '../../../lib/api-client';
import { callAuthed } from '../../../lib/authed-call';

/** POST /api/users/workspace-activation-add-unsubscriptions/me (API-053); logs manual_unsubscribe on the server. */
export function useAddUnsubscriptions() {
  return useMutation<{ updated: number }, ApiError, { workspaceId: string; emailAddresses: string[] }>({
    mutationFn: (body) => {
      // UNSUB-005: no call without a space or an address.
      if (!body.workspaceId || body.emailAddresses.length === 0) {
        return Promise.reject(new Error('A space and at least one address are required'));
      }
      return callAuthed(addUnsubscriptions, { body });
    },
  });
}
