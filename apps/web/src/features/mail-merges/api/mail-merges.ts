import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  STALE_TIME_MS,
  cancelScheduledCampaign,
  countScheduledCampaigns,
  getScheduledCampaign,
  listScheduledCampaigns,
  listSentCampaigns,
} from '@mergeboard/core';
import type { ApiError } from '../../../lib/api-client';
import { callAuthed } from '../../../lib/authed-call';
import { contractQueryKey, contractQueryOptions, type QueryArgs } from '../../../lib/api-query';

/** The query string of a list call (filterBy URL-encoded, CONST-012). */
interface MailMergeListQuery {
  filterBy?: string;
  sortBy?: string;
  limit: string;
  limitOffset: string;
}

/** Every cached scheduled list and count, for refreshing after a cancel (MM-044). */
export const scheduledListRoot = contractQueryKey(listScheduledCampaigns).slice(0, 1);
export const scheduledCountRoot = contractQueryKey(countScheduledCampaigns).slice(0, 1);
/** Every cached scheduled merge's detail, for refreshing after a pause or a resume. */
export const scheduledDetailRoot = contractQueryKey(getScheduledCampaign).slice(0, 1);

/** GET /api/users/me/campaigns (API-048). */
export function useSentCampaigns(query: MailMergeListQuery) {
  return useQuery({
    ...contractQueryOptions(listSentCampaigns, { query }),
    staleTime: STALE_TIME_MS.lists,
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/users/me/scheduled-campaigns (API-044); `options` are the tab's own (it reads the list
 * again while a merge is being sent).
 */
export function useScheduledCampaigns(
  query: MailMergeListQuery,
  options?: QueryArgs<typeof listScheduledCampaigns>[1],
) {
  return useQuery({
    ...contractQueryOptions(listScheduledCampaigns, { query }, options),
    staleTime: STALE_TIME_MS.lists,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/users/me/scheduled-campaigns/{id} (API-045); `options` are the dialog's own. */
export function useScheduledCampaign(id: string, options?: QueryArgs<typeof getScheduledCampaign>[1]) {
  return useQuery(contractQueryOptions(getScheduledCampaign, { params: { id } }, options));
}

/** GET /api/users/me/workspaces/{workspaceId}/campaigns/count?isScheduled=true (MM-003). */
export function useScheduledCount(workspaceId: string) {
  return useQuery({
    ...contractQueryOptions(countScheduledCampaigns, {
      params: { workspaceId },
      query: { isScheduled: 'true' },
    }),
    staleTime: STALE_TIME_MS.lists,
  });
}

/** DELETE /api/users/me/scheduledCampaigns/{scheduledMergeId} (API-046). */
export function useCancelScheduledCampaign() {
  return useMutation<{ canceled: true }, ApiError, string>({
    mutationFn: (scheduledMergeId) => callAuthed(cancelScheduledCampaign, { params: { scheduledMergeId } }),
  });
}
