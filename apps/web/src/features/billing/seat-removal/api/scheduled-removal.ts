import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelScheduledSeatRemoval,
  getScheduledSeatRemoval,
  listSubscriptionsV1,
  listSubscriptionsV2,
  looksUpScheduledRemoval,
  seesScheduledRemoval,
  STALE_TIME_MS,
  type ScheduledSeatRemoval,
} from '@mergeboard/core';
import { isApiError, type ApiError } from '../../../../lib/api-client';
import { contractQueryKey } from '../../../../lib/api-query';
import { callAuthed } from '../../../../lib/authed-call';
import { useSpace } from '../../../spaces';
import { useSeatSummary } from './seat-summary';

/** GET …/seats/v1/scheduled-removals?status=PENDING (API-036); 400 and 404 mean none. */
async function pendingRemoval(workspaceId: string, subId: string, signal: AbortSignal) {
  try {
    return await callAuthed(
      getScheduledSeatRemoval,
      { params: { id: workspaceId, subId }, query: { status: 'PENDING' } },
      { signal },
    );
  } catch (error) {
    if (isApiError(error) && (error.status === 400 || error.status === 404)) return null;
    throw error;
  }
}

interface ScheduledRemovalState {
  /** The pending removal; null when there is none or it is not looked up. */
  removal: ScheduledSeatRemoval | null;
  /** The subscription it belongs to, once the seats are known. */
  subscriptionId: string | null;
  /** True until the lookup has answered (or is known not to run). */
  isPending: boolean;
}

/**
 * The active space's pending seat removal (SEAT-003), cached 300 s (CONST-024). The space's seats
 * name the subscription and its payment source; the lookup then runs only for PRO, above MEMBER,
 * and neither SUPPORT nor OFFLINE sources (SEAT-024).
 */
export function useScheduledRemoval(): ScheduledRemovalState {
  const { space, permissions } = useSpace();
  const workspaceId = space.workspaceId;
  const role = space.userRole;
  const audience =
    permissions.canReadSubscriptions && seesScheduledRemoval({ workspacePlan: space.workspacePlan, role });
  const seats = useSeatSummary(workspaceId, { enabled: audience });
  const summary = seats.data ?? null;
  const subId = summary?.subscriptionId ?? '';
  const enabled =
    summary !== null &&
    looksUpScheduledRemoval({
      workspacePlan: space.workspacePlan,
      role,
      paymentSource: summary.paymentSource,
    });
  const input = { params: { id: workspaceId, subId }, query: { status: 'PENDING' as const } };
  const lookup = useQuery({
    queryKey: contractQueryKey(getScheduledSeatRemoval, input),
    queryFn: ({ signal }) => pendingRemoval(workspaceId, subId, signal),
    staleTime: STALE_TIME_MS.scheduledRemoval,
    enabled,
  });
  return {
    removal: enabled ? (lookup.data ?? null) : null,
    subscriptionId: summary?.subscriptionId ?? null,
    isPending: audience && (seats.isPending || (enabled && lookup.isPending)),
  };
}

/**
 * DELETE …/seats/v1/scheduled-removals (API-039, SEAT-029): the owner cancels the pending
 * removal; the lookup and the space's subscriptions are read again.
 */
export function useCancelScheduledRemoval(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation<ScheduledSeatRemoval, ApiError, string>({
    mutationFn: (subId) => callAuthed(cancelScheduledSeatRemoval, { params: { id: workspaceId, subId } }),
    onSuccess: () =>
      Promise.all(
        [getScheduledSeatRemoval, listSubscriptionsV2, listSubscriptionsV1].map((contract) =>
          queryClient.invalidateQueries({ queryKey: [contract.path, { params: { id: workspaceId } }] }),
        ),
      ),
  });
}
