import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { priceInfoV1, STALE_TIME_MS } from '@mergeboard/core';
import { contractQueryKey } from '../../../../lib/api-query';
import { callAuthed } from '../../../../lib/authed-call';
import type { PriceInfoV1Body } from './price-info';

/**
 * POST …/stripe/checkout/v1/info?previewProratedChanges=true (API-027): what a change of the live
 * subscription costs, priced by the provider from now to the period end: chargedToday,
 * proratedDays, and the prorationDate the update sends back so the charge equals this preview
 * (CHK-046). `userUpdates` lists every user paid after the change.
 */
export function useChangePreview(
  workspaceId: string,
  body: PriceInfoV1Body,
  { enabled }: { enabled: boolean },
) {
  const input = { params: { id: workspaceId }, query: { previewProratedChanges: 'true' as const }, body };
  return useQuery({
    queryKey: contractQueryKey(priceInfoV1, input),
    queryFn: ({ signal }) => callAuthed(priceInfoV1, input, { signal }),
    staleTime: STALE_TIME_MS.paymentInfo,
    placeholderData: keepPreviousData,
    enabled,
  });
}
