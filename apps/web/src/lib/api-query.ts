import { queryOptions } from '@tanstack/react-query';
import type { UseQueryOptions } from '@tanstack/react-query';
import type { Contract, ContractInput, ContractResponse } from '@mergeboard/core';
import type { ApiError, CallApiArgs } from './api-client';
import { callAuthed } from './authed-call';

/**
 * The query key of a GET contract: its path pattern, then its params and query. A shorter key
 * matches more on invalidation: `[path]` is every call of that endpoint, and
 * `[path, { params: { workspaceId } }]` every call for one space (TanStack matches objects partially).
 */
export function contractQueryKey<C extends Contract>(contract: C, input?: ContractInput<C>) {
  return [contract.path, input ?? {}] as const;
}

type ContractQueryKey = ReturnType<typeof contractQueryKey>;

/** Options a hook's caller may tune; the key and fetcher stay with the endpoint file. */
export type QueryConfig<T extends (...args: never[]) => unknown> = Omit<
  ReturnType<T>,
  'queryKey' | 'queryFn'
>;

type ExtraQueryOptions<C extends Contract> = Omit<
  UseQueryOptions<ContractResponse<C>, ApiError, ContractResponse<C>, ContractQueryKey>,
  'queryKey' | 'queryFn'
>;

/** Like {@link CallApiArgs}: `input` may be left out when the contract requires nothing. */
export type QueryArgs<C extends Contract> =
  Record<never, never> extends ContractInput<C>
    ? [input?: ContractInput<C>, options?: ExtraQueryOptions<C>]
    : [input: ContractInput<C>, options?: ExtraQueryOptions<C>];

/**
 * Query options for one GET contract: key from {@link contractQueryKey}, fetcher from
 * {@link callAuthed} (cancelled with the query; a 401 renews the session once and retries).
 * One endpoint file wraps this with its own defaults (e.g. `staleTime` from core's
 * STALE_TIME_MS) and exports the hook.
 */
export function contractQueryOptions<C extends Contract>(contract: C, ...[input, options]: QueryArgs<C>) {
  return queryOptions<ContractResponse<C>, ApiError, ContractResponse<C>, ContractQueryKey>({
    ...options,
    queryKey: contractQueryKey(contract, input),
    queryFn: ({ signal }) => callAuthed(contract, ...([input, { signal }] as CallApiArgs<C>)),
  });
}
