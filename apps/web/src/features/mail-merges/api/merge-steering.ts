import { useMutation, useQuery } from '@tanstack/react-query';
import { listMergeBounces, pauseMerge, resumeMerge } from '@mergeboard/core';
import type { z } from 'zod';
import type { ApiError } from '../../../lib/api-client';
import { callAuthed } from '../../../lib/authed-call';
import { contractQueryOptions } from '../../../lib/api-query';

/** A merge of a space, as the pause, resume and bounces calls name it. */
export interface MergeRef {
  workspaceId: string;
  mergeId: string;
}

type MergeState = z.infer<typeof pauseMerge.response>;

const params = (merge: MergeRef) => ({ id: merge.workspaceId, mergeId: merge.mergeId });

/** POST /api/v1/workspaces/{id}/merges/{mergeId}/pause (issue 26). */
export function usePauseMerge() {
  return useMutation<MergeState, ApiError, MergeRef>({
    mutationFn: (merge) => callAuthed(pauseMerge, { params: params(merge) }),
  });
}

/** POST /api/v1/workspaces/{id}/merges/{mergeId}/resume (issue 26). */
export function useResumeMerge() {
  return useMutation<MergeState, ApiError, MergeRef>({
    mutationFn: (merge) => callAuthed(resumeMerge, { params: params(merge) }),
  });
}

/** GET /api/v1/workspaces/{id}/merges/{mergeId}/bounces: the hard bounces that paused a merge. */
export function useMergeBounces(merge: MergeRef, options: { enabled: boolean }) {
  return useQuery({ ...contractQueryOptions(listMergeBounces, { params: params(merge) }), ...options });
}
