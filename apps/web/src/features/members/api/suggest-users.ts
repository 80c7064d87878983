import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { AUTOCOMPLETE_DELAY_MS, AUTOCOMPLETE_MIN_CHARS, suggestUsers } from '@mergeboard/core';
import { contractQueryOptions } from '../../../lib/api-query';
import type { EmailSuggestion } from '../../../ui/email-tag-input';

/** How many people one suggestion list offers; the dropdown shows at least 5 (MEM-050). */
const SUGGESTION_LIMIT = 10;

/**
 * GET /api/v2/users/suggest (API-006): people the caller shares a space or company domain with,
 * asked for 500 ms after the typing stops and from 2 characters on (INV-017).
 */
export function useUserSuggestions(draft: string): EmailSuggestion[] {
  const [search] = useDebouncedValue(draft.trim(), AUTOCOMPLETE_DELAY_MS);
  const query = useQuery({
    ...contractQueryOptions(suggestUsers, { query: { search, limit: String(SUGGESTION_LIMIT) } }),
    enabled: search.length >= AUTOCOMPLETE_MIN_CHARS,
  });
  if (draft.trim().length < AUTOCOMPLETE_MIN_CHARS) return [];
  return (query.data?.items ?? []).map((item) => ({ email: item.userEmail, name: item.userName }));
}
