import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CurrentUser } from '@mergeboard/core';
import { getCurrentUserQueryOptions } from '../auth';
import { workspaceQueryRoot } from './api/get-workspace';

/**
 * SPACE-033: after a change, refetch the current user (with its spaces) and every cached space;
 * resolves with the fresh user once it is in.
 */
export function useRefreshSpaces() {
  const queryClient = useQueryClient();
  return useCallback(async (): Promise<CurrentUser | undefined> => {
    const [user] = await Promise.all([
      queryClient.fetchQuery({ ...getCurrentUserQueryOptions(), staleTime: 0 }),
      queryClient.invalidateQueries({ queryKey: workspaceQueryRoot }),
    ]);
    return user;
  }, [queryClient]);
}
