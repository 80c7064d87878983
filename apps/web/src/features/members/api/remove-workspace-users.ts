import { removeWorkspaceUsers } from '@mergeboard/core';
import { callAuthed } from '../../../lib/authed-call';
import { useMemberMutation } from './member-mutation';

/** PATCH /api/v1/workspaces/{id}/users/v1 (API-064): removes members of a seat space, freeing their seats. */
export function useRemoveWorkspaceUsers(workspaceId: string) {
  return useMemberMutation(workspaceId, (userEmails: string[]) =>
    callAuthed(removeWorkspaceUsers, { params: { id: workspaceId }, body: { userEmails } }).then(
      ({ removed }) => removed,
    ),
  );
}
