import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  formatFilterBy,
  formatSortBy,
  listWorkspaceMembers,
  MEMBER_PAGE_SIZE,
  STALE_TIME_MS,
  type Sort,
} from '@mergeboard/core';
import { contractQueryOptions } from '../../../lib/api-query';

export const MEMBER_SORT_KEYS = ['userName', 'userEmail', 'userRole', 'seatType'] as const;
export type MemberSortKey = (typeof MEMBER_SORT_KEYS)[number];

/**
 * GET /api/v1/workspaces/{id}/members (API-011): one page of 100 members (C10), searched and
 * sorted by the server; unsorted, pending members come after active ones (MEM-031).
 */
export function useSpaceMembers(
  workspaceId: string,
  { search, sort, page }: { search: string; sort: Sort<MemberSortKey> | null; page: number },
) {
  const filterBy = formatFilterBy({ search });
  const sortBy = formatSortBy(sort ?? undefined);
  return useQuery({
    ...contractQueryOptions(listWorkspaceMembers, {
      params: { id: workspaceId },
      query: {
        ...(filterBy ? { filterBy } : {}),
        ...(sortBy ? { sortBy } : {}),
        limit: String(MEMBER_PAGE_SIZE),
        limitOffset: String(page * MEMBER_PAGE_SIZE),
      },
    }),
    staleTime: STALE_TIME_MS.members,
    placeholderData: keepPreviousData,
  });
}
