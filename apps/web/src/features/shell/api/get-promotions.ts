import { useQuery } from '@tanstack/react-query';
import { getPromotions } from '@mergeboard/core';
import { contractQueryOptions } from '../../../lib/api-query';

/** GET /api/cannon?project=mergeboard&placement=sidebar (API-023, SHELL-009). */
export function usePromotions() {
  return useQuery({
    ...contractQueryOptions(
      getPromotions,
      { query: { project: 'mergeboard', placement: 'sidebar' } },
      { staleTime: 10 * 60_000 },
    ),
  });
}
