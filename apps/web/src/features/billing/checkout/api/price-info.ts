import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { priceInfoV1, priceInfoV2, STALE_TIME_MS, type ContractInput } from '@mergeboard/core';
import { contractQueryKey } from '../../../../lib/api-query';
import { callAuthed } from '../../../../lib/authed-call';

type PriceInfoBody = ContractInput<typeof priceInfoV2>['body'];

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

export type PriceInfoV1Body = ContractInput<typeof priceInfoV1>['body'];

/** POST …/stripe/checkout/v1/info (API-027): the older flow's preview of named users' plans (CHK-070). */
export function usePriceInfoV1(
  workspaceId: string,
  body: PriceInfoV1Body,
  { enabled }: { enabled: boolean },
) {
  const input = { params: { id: workspaceId }, query: {}, body };
  return useQuery({
    queryKey: contractQueryKey(priceInfoV1, input),
    queryFn: ({ signal }) => callAuthed(priceInfoV1, input, { signal }),
    staleTime: STALE_TIME_MS.paymentInfo,
    placeholderData: keepPreviousData,
    enabled,
  });
}
