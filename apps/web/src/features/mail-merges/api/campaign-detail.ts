import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  CAMPAIGN_DETAIL_REFETCH_MS,
  getPollResponses,
  getPollResults,
  getSentCampaign,
  listCampaignRecipients,
  POLL_RESPONSES_MAX_LIMIT,
} from '@mergeboard/core';
import type { ApiError } from '../../../lib/api-client';
import { callAuthed } from '../../../lib/authed-call';
import { contractQueryKey, contractQueryOptions } from '../../../lib/api-query';
import { tallyPollResponses, type PollCount } from '../poll-tally';

// Apart from mail-merges.ts: only the sent merge's dialog reads these, and it loads on demand.

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
const POLL_RESPONSES_READ_MAX = 10 * POLL_RESPONSES_MAX_LIMIT;

/** The fallback's answer: the counted answers, how many responses were read, and how many exist. */
interface PollResponsesTally {
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

/** The query string of the recipients' list: the search, the sort and one page. */
interface CampaignRecipientsQuery {
  filterBy?: string;
  sortBy?: string;
  limit: string;
  limitOffset: string;
}

/**
 * GET /api/users/me/campaigns/{id}/recipients: one page of the merge's recipients and what each
 * did, read again with the detail (MM-009) so the activity keeps up with the counts.
 */
export function useCampaignRecipients(id: string, query: CampaignRecipientsQuery) {
  return useQuery({
    ...contractQueryOptions(listCampaignRecipients, { params: { id }, query }),
    refetchInterval: CAMPAIGN_DETAIL_REFETCH_MS,
    placeholderData: keepPreviousData,
  });
}
