import { useQuery } from '@tanstack/react-query';
import { getHealth } from '@mergeboard/core';
import { contractQueryOptions } from '../../../lib/api-query';
import type { QueryConfig } from '../../../lib/api-query';

/** GET /healthz: is the server up and its database reachable. The spec gives no stale time. */
export function getHealthQueryOptions() {
  return contractQueryOptions(getHealth, {}, { staleTime: 30_000 });
}

export function useHealth(queryConfig?: QueryConfig<typeof getHealthQueryOptions>) {
  return useQuery({ ...getHealthQueryOptions(), ...queryConfig });
}
