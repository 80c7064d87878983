import { activateMembers } from '@mergeboard/core';
import { callAuthed } from '../../../lib/authed-call';
import { useMemberMutation } from './member-mutation';

/** PUT /api/v1/workspaces/{id}/members/activate (API-015): DISABLED members become ACTIVE again. */
export function useActivateMembers(workspaceId: string) {
  return useMemberMutation(workspaceId, (userIds: string[]) =>
    callAuthed(activateMembers, { params: { id: workspaceId }, body: { userIds } }).then(
      ({ activated }) => activated,
    ),
  );
}
