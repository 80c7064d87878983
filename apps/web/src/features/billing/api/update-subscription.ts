import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listSubscriptionsV1, updateSubscriptionV1, type ContractInput } from '@mergeboard/core';
import type { ApiError } from '../../../lib/api-client';
import { callAuthed } from '../../../lib/authed-call';

export type SubscriptionUpdate = ContractInput<typeof updateSubscriptionV1>['body'];

/**
 * PUT …/subscriptions/v1/{subscriptionId} (API-032): one change of the live subscription. A
 * cancelled cycle change refreshes the subscriptions (BILL-014); any other change may move plans,
 * paid users and seats, so everything the app knows is read again (000 §7).
 */
export function useUpdateSubscription(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, { subscriptionId: string; body: SubscriptionUpdate }>({
    mutationFn: ({ subscriptionId, body }) =>
      callAuthed(updateSubscriptionV1, { params: { id: workspaceId, subscriptionId }, body }),
    onSuccess: (_answer, { body }) =>
      body.cancelScheduledBillingIntervalChange
        ? queryClient.invalidateQueries({
            queryKey: [listSubscriptionsV1.path, { params: { id: workspaceId } }],
          })
        : queryClient.invalidateQueries(),
  });
}
