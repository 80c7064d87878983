import { useQuery } from '@tanstack/react-query';
import { getDraft, listTemplates, STALE_TIME_MS } from '@mergeboard/core';
import { contractQueryOptions } from '../../../lib/api-query';

/** GET /api/templates: the gallery a message can start from (same key as the Templates page's). */
export function useTemplateGallery() {
  return useQuery(contractQueryOptions(listTemplates, undefined, { staleTime: STALE_TIME_MS.templates }));
}

/** GET /api/users/:userId/drafts/:draftId: a draft imported from the gallery and kept by Mergeboard. */
export const importedDraftQuery = (userId: string, draftId: string) =>
  contractQueryOptions(getDraft, { params: { userId, draftId } });
