import { addLegacyMembers } from '@mergeboard/core';
import { callAuthed } from '../../../lib/authed-call';
import { checkThenAdd } from './check-then-add';
import { useMemberMutation } from './member-mutation';

/** POST /api/v1/workspaces/{id}/members (API-020): the legacy Add users, within the plan user limit. */
export function useAddLegacyMembers(workspaceId: string) {
  return useMemberMutation(
    workspaceId,
    (userEmails: string[]) =>
      checkThenAdd(userEmails, async (onlyCheck) => {
        const { items } = await callAuthed(addLegacyMembers, {
          params: { id: workspaceId },
          query: onlyCheck ? { onlyCheckValidity: 'true' } : {},
          body: { userEmails },
        });
        return items.map((item) => ({ email: item.email, reason: item.errorMsg }));
      }),
    { changed: (outcome) => outcome.added > 0 },
  );
}
