import { useMutation } from '@tanstack/react-query';
import { cancelAutoRenewal, SUBSCRIPTION_ID_MISSING, type ContractResponse } from '@mergeboard/core';
import type { ApiError } from '../../../../lib/api-client';
import { callAuthed } from '../../../../lib/authed-call';

/** POST /api/_ah/api/subscriptions/v1/cancelAutoRenewal (RES-010, RES-011). */
export function useCancelAutoRenewal() {
  return useMutation<ContractResponse<typeof cancelAutoRenewal>, ApiError | Error, string>({
    mutationFn: (subscriptionId) => {
      if (!subscriptionId) throw new Error(SUBSCRIPTION_ID_MISSING);
      return callAuthed(cancelAutoRenewal, { body: { subscriptionId } });
    },
  });
}
