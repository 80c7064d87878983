import { useMutation } from '@tanstack/react-query';
import { addSeatsV1, type ContractInput, type SeatPurchase } from '@mergeboard/core';
import type { ApiError } from '../../../../lib/api-client';
import { callAuthed } from '../../../../lib/authed-call';

type AddSeatsInput = ContractInput<typeof addSeatsV1>;

/**
 * POST …/subscriptions/v2/{subId}/seats/v1 (API-035, SEAT-015): buys seats now, charged pro
 * rata at the preview's proration date. The page reads the subscription again itself (SEAT-016).
 */
export function useAddSeats() {
  return useMutation<SeatPurchase, ApiError, AddSeatsInput>({
    mutationFn: (input) => callAuthed(addSeatsV1, input),
  });
}
