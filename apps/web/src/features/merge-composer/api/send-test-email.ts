import { useMutation } from '@tanstack/react-query';
import { sendTestEmail, type ContractInput, type ContractResponse } from '@mergeboard/core';
import type { ApiError } from '../../../lib/api-client';
import { callAuthed } from '../../../lib/authed-call';

export type TestEmail = ContractInput<typeof sendTestEmail>['body'];

/** POST /api/v1/workspaces/:id/merges/test: one row's message, sent to the caller. */
export function useSendTestEmail(workspaceId: string) {
  return useMutation<ContractResponse<typeof sendTestEmail>, ApiError, TestEmail>({
    mutationFn: (body) => callAuthed(sendTestEmail, { params: { id: workspaceId }, body }),
  });
}
