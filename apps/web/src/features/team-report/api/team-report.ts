import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  formatSortBy,
  getTeamReportSummary,
  listTeamReportMembers,
  STALE_TIME_MS,
  TABLE_PAGE_SIZE,
  type Sort,
  type TeamReportSortKey,
} from '@mergeboard/core';
import { contractQueryOptions } from '../../../lib/api-query';

/** GET /api/v1/workspaces/{id}/team-report/summary (API-059): the three stat cards. */
export function useTeamSummary(workspaceId: string) {
  return useQuery(
    contractQueryOptions(
      getTeamReportSummary,
      { params: { id: workspaceId } },
      { staleTime: STALE_TIME_MS.lists },
    ),
  );
}

/**
 * GET /api/v1/workspaces/{id}/team-report/members (API-058): one page of ACTIVE and LEGACY
 * members, sorted by the server (sortBy key:asc or key:desc, API-003).
 */
export function useTeamMembers(
  workspaceId: string,
  { page, sort }: { page: number; sort: Sort<TeamReportSortKey> },
) {
  return useQuery(
    contractQueryOptions(
      listTeamReportMembers,
      {
        params: { id: workspaceId },
        query: {
          sortBy: formatSortBy(sort),
          limit: String(TABLE_PAGE_SIZE),
          limitOffset: String(page * TABLE_PAGE_SIZE),
        },
      },
      { staleTime: STALE_TIME_MS.lists, placeholderData: keepPreviousData },
    ),
  );
}
