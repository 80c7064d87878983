import { useQuery, useQueryClient } from '@tanstack/react-query';
import { syncCheckoutSession } from '@mergeboard/core';
import { callAuthed } from '../../../../lib/authed-call';
import { contractQueryKey } from '../../../../lib/api-query';

/**
 * Back from the hosted checkout (`session_id` in the query): the server reads the checkout back
 * and syncs the space's subscription, then everything the app knows about the space — its plan,
 * its subscriptions — is fetched again before the page shows the result, so the success banner
 * never meets a space that still looks FREE.
 */
export function useReturnedCheckout(workspaceId: string, sessionId: string | null) {
  const queryClient = useQueryClient();
  const input = { params: { id: workspaceId, sessionId: sessionId ?? '' } };
  return useQuery({
    queryKey: contractQueryKey(syncCheckoutSession, input),
    queryFn: async ({ signal }) => {
      const result = await callAuthed(syncCheckoutSession, input, { signal });
      await queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== syncCheckoutSession.path,
      });
      return result;
    },
    enabled: sessionId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
