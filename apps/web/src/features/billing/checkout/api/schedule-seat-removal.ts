import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getScheduledSeatRemoval,
  listSubscriptionsV1,
  listSubscriptionsV2,
  scheduleSeatRemoval,
  type ContractInput,
  type ScheduledSeatRemoval,
} from '@mergeboard/core';
import type { ApiError } from '../../../../lib/api-client';
import { callAuthed } from '../../../../lib/authed-call';

type ScheduleSeatRemovalInput = ContractInput<typeof scheduleSeatRemoval>;

/**
 * POST …/seats/v1/scheduled-removals (API-036, SEAT-023): the unused seats go at the end of the
 * period. The space's removal lookup and subscriptions are read again afterwards.
 */
export function useScheduleSeatRemoval(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation<ScheduledSeatRemoval, ApiError, ScheduleSeatRemovalInput>({
    mutationFn: (input) => callAuthed(scheduleSeatRemoval, input),
    onSettled: () =>
      Promise.all(
        [getScheduledSeatRemoval, listSubscriptionsV2, listSubscriptionsV1].map((contract) =>
          queryClient.invalidateQueries({ queryKey: [contract.path, { params: { id: workspaceId } }] }),
        ),
      ),
  });
}
