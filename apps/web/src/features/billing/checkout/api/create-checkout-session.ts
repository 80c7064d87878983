import { useMutation } from '@tanstack/react-query';
import { checkoutSessionV1, checkoutSessionV2, type ContractInput } from '@mergeboard/core';
import type { ApiError } from '../../../../lib/api-client';
import { callAuthed } from '../../../../lib/authed-call';

export type CheckoutSessionRequest =
  | { version: 2; workspaceId: string; body: ContractInput<typeof checkoutSessionV2>['body'] }
  | { version: 1; workspaceId: string; body: ContractInput<typeof checkoutSessionV1>['body'] };

/**
 * POST …/stripe/checkout/v2/session (API-030) for the seat flow, …/v1/session (API-028) for the
 * older flow: the hosted checkout to send the buyer to.
 */
export function useCreateCheckoutSession() {
  return useMutation<{ stripeCheckoutSessionId: string; url: string }, ApiError, CheckoutSessionRequest>({
    mutationFn: (request) =>
      request.version === 2
        ? callAuthed(checkoutSessionV2, { params: { id: request.workspaceId }, body: request.body })
        : callAuthed(checkoutSessionV1, { params: { id: request.workspaceId }, body: request.body }),
  });
}
