import { resendInvitations } from '@mergeboard/core';
import { callAuthed } from '../../../lib/authed-call';
import { useMemberMutation } from './member-mutation';

/** PUT /api/v1/workspaces/{id}/invitations/resend (API-018): pending invitations sent again. */
export function useResendInvitations(workspaceId: string) {
  return useMemberMutation(workspaceId, (invitedUserEmails: string[]) =>
    callAuthed(resendInvitations, { params: { id: workspaceId }, body: { invitedUserEmails } }).then(
      ({ resent }) => resent,
    ),
  );
}
