import { useQuery } from '@tanstack/react-query';
import { getCurrentUser } from '@mergeboard/core';
import { contractQueryOptions } from '../../../lib/api-query';
import type { QueryConfig } from '../../../lib/api-query';
import { useAuthState } from '../components/auth-context';

/** The spec gives no stale time for 'me'; the session loads it and screens read it from the cache. */
const CURRENT_USER_STALE_MS = 5 * 60_000;

/** GET /api/v2/users/me?includeWorkspaces=true (API-004): the signed-in user with their spaces. */
export function getCurrentUserQueryOptions() {
  return contractQueryOptions(
    getCurrentUser,
    { query: { includeWorkspaces: 'true' } },
    { staleTime: CURRENT_USER_STALE_MS },
  );
}

/**
 * The signed-in user. Enabled once the session has loaded the user (getUserStatus success), so
 * it never races the sign-in flow's own lookup.
 */
export function useCurrentUser(queryConfig?: QueryConfig<typeof getCurrentUserQueryOptions>) {
  const { token, getUserStatus } = useAuthState();
  return useQuery({
    ...getCurrentUserQueryOptions(),
    enabled: token !== null && getUserStatus === 'success',
    ...queryConfig,
  });
}
