import { useQuery } from '@tanstack/react-query';
import { latestInvoiceV1, STALE_TIME_MS } from '@mergeboard/core';
import { contractQueryOptions } from '../../../lib/api-query';

/**
 * GET …/subscriptions/v2/{subId}/latest-invoice/v1 (API-034): whether the live subscription's
 * last payment failed or waits for a confirmation (BILL-018 BILL-019 BILL-020), and the provider's page to
 * confirm it. Read as often as the subscriptions (CONST-026).
 */
export function useLatestInvoice(workspaceId: string, subId: string | null) {
  return useQuery({
    ...contractQueryOptions(
      latestInvoiceV1,
      { params: { id: workspaceId, subId: subId ?? '' } },
      { staleTime: STALE_TIME_MS.subscriptions },
    ),
    enabled: subId !== null,
  });
}
