import { useQuery } from '@tanstack/react-query';
import { listSubscriptionsV1, STALE_TIME_MS } from '@mergeboard/core';
import { contractQueryOptions } from '../../../lib/api-query';

/**
 * GET /api/workspace-billing/workspaces/{id}/subscriptions/v1 (API-025) with the seat plans and
 * the coupon, invoice and renewal details the plan card shows. Members are not served it
 * (BILL-021), so it is asked for only when `enabled`.
 */
export function useSubscriptions(workspaceId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    ...contractQueryOptions(
      listSubscriptionsV1,
      { params: { id: workspaceId }, query: { includePlans: 'true', retrieveAdditionalStripeInfo: 'true' } },
      { staleTime: STALE_TIME_MS.subscriptions },
    ),
    enabled,
  });
}
