import { cancelInvitations } from '@mergeboard/core';
import { callAuthed } from '../../../lib/authed-call';
import { useMemberMutation } from './member-mutation';

/** DELETE /api/v1/workspaces/{id}/invitations (API-019): pending invitations cancelled, their seats freed. */
export function useCancelInvitations(workspaceId: string) {
  return useMemberMutation(workspaceId, (invitedUserEmails: string[]) =>
    callAuthed(cancelInvitations, { params: { id: workspaceId }, body: { invitedUserEmails } }).then(
      ({ cancelled }) => cancelled,
    ),
  );
}
