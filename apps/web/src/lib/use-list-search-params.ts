import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { Sort, SortDirection } from '@mergeboard/core';

/**
 * A list's search, page and sort kept in the URL (`?search=…&page=…&sort=key:dir`), so a list
 * view can be shared and survives a reload. Changing the search or the sort goes back to page 0.
 * A `defaultSort` of null leaves an unsorted list in the server's own order.
 */
export function useListSearchParams<S extends string, D extends Sort<S> | null = Sort<S>>(
  sortKeys: readonly S[],
  defaultSort: D,
) {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0);
  const [key, direction] = (params.get('sort') ?? '').split(':');
  const sort: Sort<S> | D =
    sortKeys.includes(key as S) && (direction === 'asc' || direction === 'desc')
      ? { key: key as S, direction: direction as SortDirection }
      : defaultSort;

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return {
    search,
    page,
    sort,
    setSearch: (value: string) => update({ search: value, page: null }),
    setPage: (value: number) => update({ page: value > 0 ? String(value) : null }),
    setSort: (value: Sort<S>) => update({ sort: `${value.key}:${value.direction}`, page: null }),
  };
}

export type ListSearchParams<S extends string, D extends Sort<S> | null = Sort<S>> = ReturnType<
  typeof useListSearchParams<S, D>
>;
