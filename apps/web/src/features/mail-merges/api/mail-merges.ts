import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  CAMPAIGN_DETAIL_REFETCH_MS,
  STALE_TIME_MS,
  cancelScheduledCampaign,
  countScheduledCampaigns,
  getPollResponses,
  getPollResults,
  POLL_RESPONSES_MAX_LIMIT,
  getScheduledCampaign,
  getSentCampaign,
  listScheduledCampaigns,
  listSentCampaigns,
} from '@mergeboard/core';
import type { ApiError } from '../../../lib/api-client';
import { callAuthed } from '../../../lib/authed-call';
import { contractQueryKey, contractQueryOptions, type QueryArgs } from '../../../lib/api-query';
import { tallyPollResponses, type PollCount } from '../poll-tally';

/** The query string of a list call (filterBy URL-encoded, CONST-012). */
export interface MailMergeListQuery {
  filterBy?: string;
  sortBy?: string;
  limit: string;
  limitOffset: string;
}

/** Every cached scheduled list and count, for refreshing after a cancel (MM-044). */
export const scheduledListRoot = contractQueryKey(listScheduledCampaigns).slice(0, 1);
export const scheduledCountRoot = contractQueryKey(countScheduledCampaigns).slice(0, 1);

/** GET /api/users/me/campaigns (API-048). */
export function useSentCampaigns(query: MailMergeListQuery) {
  return useQuery({
    ...contractQueryOptions(listSentCampaigns, { query }),
    staleTime: STALE_TIME_MS.lists,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/users/me/campaigns/{id} (API-049), refetched every 30 s while open (MM-009). */
export function useSentCampaign(id: string) {
  return useQuery({
    ...contractQueryOptions(getSentCampaign, { params: { id } }),
    refetchInterval: CAMPAIGN_DETAIL_REFETCH_MS,
  });
}

/** GET /api/users/me/campaigns/{id}/pollResults (API-050). */
export function usePollResults(id: string) {
  return useQuery(contractQueryOptions(getPollResults, { params: { id } }));
}

/**
 * The most individual answers the poll tab reads when it falls back to pollResponses: ten full
 * pages. The server interleaves answers by share, so a poll cut short still shows fair percentages.
 */
export const POLL_RESPONSES_READ_MAX = 10 * POLL_RESPONSES_MAX_LIMIT;

/** The fallback's answer: the counted answers, how many responses were read, and how many exist. */
export interface PollResponsesTally {
  items: PollCount[];
  read: number;
  total: number;
}

/**
 * GET /api/users/me/campaigns/{id}/pollResponses (API-051), for when pollResults fails (MM-021):
 * reads page after page, up to {@link POLL_RESPONSES_READ_MAX} answers, and counts them into
 * pollResults' shape. Only runs while `enabled`.
 */
export function usePollResponses(id: string, { enabled }: { enabled: boolean }) {
  return useQuery<PollResponsesTally, ApiError>({
    queryKey: contractQueryKey(getPollResponses, { params: { id } }),
    enabled,
    queryFn: async ({ signal }) => {
      const values: string[] = [];
      let total = 0;
      do {
        const page = await callAuthed(
          getPollResponses,
          {
            params: { id },
            query: { limit: String(POLL_RESPONSES_MAX_LIMIT), limitOffset: String(values.length) },
          },
          { signal },
        );
        total = page.total;
        if (page.items.length === 0) break;
        values.push(...page.items.map((item) => item.value));
      } while (values.length < total && values.length < POLL_RESPONSES_READ_MAX);
      return { items: tallyPollResponses(values), read: values.length, total };
    },
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
