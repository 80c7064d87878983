import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { getCurrentUserQueryOptions } from '../api/get-current-user';
import { reportAuthError } from './report-auth-error';

export type UserLookup =
  | { kind: 'user' }
  | { kind: 'no-user' }
  /** 401 after one refresh: the session was dropped with session-expired. */
  | { kind: 'lost' }
  | { kind: 'failed'; error: unknown };

/**
 * Loads the signed-in user into the query cache. A 401 renews the session once through the
 * API layer (AUTH-014 AUTH-015); 404 means this sign-in has no account yet (AUTH-016).
 * `hasSession` says whether the session is still there once the call failed.
 */
export async function lookUpCurrentUser(
  queryClient: QueryClient,
  hasSession: () => boolean,
): Promise<UserLookup> {
  try {
    await queryClient.fetchQuery({ ...getCurrentUserQueryOptions(), staleTime: 0 });
    return { kind: 'user' };
  } catch (error) {
    // The API layer ended the session (401 after one renewal) and the cache went with it.
    if (!hasSession() || (isApiError(error) && error.status === 401)) return { kind: 'lost' };
    reportAuthError(error);
    if (isApiError(error) && error.status === 404) return { kind: 'no-user' };
    return { kind: 'failed', error };
  }
}
