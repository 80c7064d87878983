import { useMutation } from '@tanstack/react-query';
import { acceptInvitation } from '@mergeboard/core';
import { isApiError } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-client';
import { callAuthed } from '../../../lib/authed-call';

const ACCEPT_MAX_RETRIES = 3;
const ACCEPT_RETRY_DELAY_MS = 250;

interface AcceptedInvitation {
  workspaceId: string;
  workspaceName: string;
  isActiveWorkspace: boolean;
}

/**
 * PUT /api/v1/invitations/{token}/accept (API-021). Only an HTTP 500 is retried, up to 3 times;
 * every other failure is final.
 */
export function useAcceptInvitation() {
  return useMutation<AcceptedInvitation, ApiError, { token: string }>({
    mutationFn: ({ token }) => callAuthed(acceptInvitation, { params: { token } }),
    retry: (failureCount, error) =>
      isApiError(error) && error.status === 500 && failureCount < ACCEPT_MAX_RETRIES,
    retryDelay: ACCEPT_RETRY_DELAY_MS,
  });
}
