import type { UseQueryResult } from '@tanstack/react-query';
import type { Sort } from '@mergeboard/core';
import type { ListSearchParams } from '../lib/use-list-search-params';

/**
 * What a PaginatedTable takes from a list's query and its URL state: the page of rows and the
 * total, paging and sorting, and the loading and failed states (the latter with a retry).
 */
export function pagedListProps<Row, S extends string, D extends Sort<S> | null>(
  query: UseQueryResult<{ items: readonly Row[]; total: number }>,
  list: ListSearchParams<S, D>,
) {
  return {
    rows: query.data?.items ?? [],
    total: query.data?.total ?? 0,
    page: list.page,
    onPageChange: list.setPage,
    sort: list.sort,
    onSortChange: list.setSort,
    loading: query.isPending,
    failed: query.isError ? { onRetry: () => void query.refetch() } : undefined,
  };
}
