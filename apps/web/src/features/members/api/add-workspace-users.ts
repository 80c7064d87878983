import { addWorkspaceUsers } from '@mergeboard/core';
import { callAuthed } from '../../../lib/authed-call';
import { checkThenAdd } from './check-then-add';
import { useMemberMutation } from './member-mutation';

/**
 * POST /api/v1/workspaces/{id}/users/v1 (API-063): the Add members dialog, checked first with
 * onlyCheckValidity (MEM-052); each newcomer takes a seat and gets an invitation e-mail.
 */
export function useAddWorkspaceUsers(workspaceId: string) {
  return useMemberMutation(
    workspaceId,
    (userEmails: string[]) =>
      checkThenAdd(userEmails, async (onlyCheck) => {
        const { results } = await callAuthed(addWorkspaceUsers, {
          params: { id: workspaceId },
          query: onlyCheck ? { onlyCheckValidity: 'true' } : {},
          body: { userEmails },
        });
        return results.map((result) => ({ email: result.userEmail, reason: result.errorDetails }));
      }),
    { changed: (outcome) => outcome.added > 0 },
  );
}
