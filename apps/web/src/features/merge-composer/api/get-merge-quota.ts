import { useQuery } from '@tanstack/react-query';
import { getMergeQuota, type ContractResponse } from '@mergeboard/core';
import { contractQueryOptions } from '../../../lib/api-query';

export type MergeQuota = ContractResponse<typeof getMergeQuota>;

/** GET /api/v1/workspaces/:id/merges/quota: today's quota and whether this sender may schedule. */
export function useMergeQuota(workspaceId: string) {
  return useQuery(contractQueryOptions(getMergeQuota, { params: { id: workspaceId } }));
}
