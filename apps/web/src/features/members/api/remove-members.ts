import { removeMembers } from '@mergeboard/core';
import { callAuthed } from '../../../lib/authed-call';
import { useMemberMutation } from './member-mutation';

/** DELETE /api/v1/workspaces/{id}/members (API-013): removes members of a legacy space by user id. */
export function useRemoveMembers(workspaceId: string) {
  return useMemberMutation(workspaceId, (userIds: string[]) =>
    callAuthed(removeMembers, { params: { id: workspaceId }, body: { userIds } }).then(
      ({ removed }) => removed,
    ),
  );
}
