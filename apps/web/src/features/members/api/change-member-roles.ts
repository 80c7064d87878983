import { changeMemberRoles, type AssignableRole } from '@mergeboard/core';
import { callAuthed } from '../../../lib/authed-call';
import { useMemberMutation } from './member-mutation';

/** PUT /api/v1/workspaces/{id}/members/change-role (API-014): the owner gives members a role. */
export function useChangeMemberRoles(workspaceId: string) {
  return useMemberMutation(workspaceId, (memberRoles: { userId: string; userRole: AssignableRole }[]) =>
    callAuthed(changeMemberRoles, { params: { id: workspaceId }, body: { memberRoles } }).then(
      ({ changed }) => changed,
    ),
  );
}
