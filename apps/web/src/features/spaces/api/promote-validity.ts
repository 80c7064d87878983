import { useQuery } from '@tanstack/react-query';
import { getPromoteValidity } from '@mergeboard/core';
import { contractQueryOptions } from '../../../lib/api-query';

/**
 * GET /api/v1/workspaces/{id}/members/promote-validity (API-016): the ids of members who cannot be
 * made paid (already_paid_user, MEM-036); a failed call counts as nobody (001 §7).
 */
export function usePaidElsewhere(workspaceId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    ...contractQueryOptions(getPromoteValidity, { params: { id: workspaceId } }),
    enabled,
    select: ({ items }) =>
      new Set(items.filter((item) => item.errorCode === 'already_paid_user').map((item) => item.userId)),
  });
}
