import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { priceInfoV2, STALE_TIME_MS, type ContractInput } from '@mergeboard/core';
import { contractQueryKey } from '../../../lib/api-query';
import { callAuthed } from '../../../lib/authed-call';

export type PriceInfoBody = ContractInput<typeof priceInfoV2>['body'];

/**
 * POST …/stripe/checkout/v2/info (API-029): what the purchase costs, from the payment provider's
 * invoice preview, cached 300 s (CONST-026). A read, so a query even though it is a POST; asked
 * only when `enabled` (CHK-071: every seat plan has a number of seats).
 */
export function usePriceInfo(workspaceId: string, body: PriceInfoBody, { enabled }: { enabled: boolean }) {
  const input = { params: { id: workspaceId }, body };
  return useQuery({
    queryKey: contractQueryKey(priceInfoV2, input),
    queryFn: ({ signal }) => callAuthed(priceInfoV2, input, { signal }),
    staleTime: STALE_TIME_MS.paymentInfo,
    // The old price stays on screen while a new seat count or country is priced.
    placeholderData: keepPreviousData,
    enabled,
  });
}
