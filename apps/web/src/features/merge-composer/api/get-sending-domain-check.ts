import { useQuery } from '@tanstack/react-query';
import { getSendingDomainCheck, type ContractResponse } from '@mergeboard/core';
import { contractQueryOptions } from '../../../lib/api-query';

export type SendingDomainAnswer = ContractResponse<typeof getSendingDomainCheck>;

/**
 * GET /api/v1/workspaces/:id/merges/sending-domain?recipients=N: the sender's domain check and
 * whether a merge of N would be held back. Not retried: the server answers within 5 s whatever
 * DNS does, and a failure shows as 'could not check' at once rather than after retries.
 */
export function useSendingDomainCheck(workspaceId: string, recipients: number) {
  return useQuery({
    ...contractQueryOptions(getSendingDomainCheck, {
      params: { id: workspaceId },
      query: { recipients: String(recipients) },
    }),
    retry: false,
  });
}
