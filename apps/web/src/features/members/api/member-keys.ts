import type { QueryClient } from '@tanstack/react-query';
import { listSubscriptionsV2, listWorkspaceMembers } from '@mergeboard/core';
import { getWorkspaceQueryOptions } from '../../spaces';

/**
 * MEM-075: the members page's data of one space, space/{id}/members and space/{id}/subscriptions:
 * the contract path with the space's id, which matches every list of that space whatever its
 * search, sort or page.
 */
const spaceMembersKey = (workspaceId: string) =>
  [listWorkspaceMembers.path, { params: { id: workspaceId } }] as const;
const spaceSubscriptionsKey = (workspaceId: string) =>
  [listSubscriptionsV2.path, { params: { id: workspaceId } }] as const;

/** Every member change of one space shares this key, so the page knows when one runs (MEM-047). */
export const memberChangeKey = (workspaceId: string) => ['member-change', workspaceId] as const;

/**
 * MEM-046: after a member change the members, the seat count and the space's details (its
 * member count) are read again.
 */
export function refreshMemberData(queryClient: QueryClient, workspaceId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: spaceMembersKey(workspaceId) }),
    queryClient.invalidateQueries({ queryKey: spaceSubscriptionsKey(workspaceId) }),
    queryClient.invalidateQueries({ queryKey: getWorkspaceQueryOptions(workspaceId).queryKey }),
  ]);
}
