import { useMutation, useQuery } from '@tanstack/react-query';
import { createDraft, getDraft, listTemplates, STALE_TIME_MS, type ContractResponse } from '@mergeboard/core';
import type { ApiError } from '../../../lib/api-client';
import { contractQueryOptions } from '../../../lib/api-query';
import { callAuthed } from '../../../lib/authed-call';

/** GET /api/templates (API-060); the gallery never goes stale (TPL-011). */
export function useTemplates() {
  return useQuery(contractQueryOptions(listTemplates, undefined, { staleTime: STALE_TIME_MS.templates }));
}

type CreatedDraft = ContractResponse<typeof createDraft>;

/** POST /api/users/{userId}/drafts (API-061): a draft from a gallery template. */
export function useCreateDraft() {
  return useMutation<CreatedDraft, ApiError, { userId: string; templateId: string }>({
    mutationFn: ({ userId, templateId }) =>
      callAuthed(createDraft, {
        params: { userId },
        body: { fromTemplate: templateId, source: 'GALLERY' },
      }),
  });
}

/** A draft stored by Mergeboard (embedded shape), shown in place of the mailbox. */
export function useStoredDraft(userId: string, draftId: string | null) {
  return useQuery({
    ...contractQueryOptions(getDraft, { params: { userId, draftId: draftId ?? '' } }),
    enabled: draftId !== null,
  });
}
