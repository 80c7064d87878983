import { authorize, authorizeQuerySchema } from '@mergeboard/core';
import { contractUrl } from '../../../lib/api-client';

type AuthorizeQuery = { prompt?: 'select_account'; compose?: '1'; sheets?: '1' };

/**
 * The query with `loginHint` added when the server would take it: an address the server would
 * refuse as a hint is left out rather than failing the trip.
 */
function withLoginHint(query: AuthorizeQuery, loginHint: string | null) {
  if (!loginHint) return query;
  const hinted = { ...query, loginHint };
  return authorizeQuerySchema.safeParse(hinted).success ? hinted : query;
}

/**
 * AUTH-002: the server's authorize endpoint, which sends the browser on to the provider. A known
 * address (the one that has no account yet, AUTH-039) goes along as a hint, so the provider does
 * not ask for it again.
 */
export function signInUrl(loginHint: string | null = null): string {
  return contractUrl(authorize, { query: withLoginHint({ prompt: 'select_account' }, loginHint) });
}

/**
 * AUTH-019 (TPL-004): the authorize endpoint asking for the mail compose scope — or, with
 * `sheets`, for read access to Google Sheets (a linked sheet) — with the signed-in address as a
 * hint so the provider asks that account.
 */
export function composePermissionUrl(loginHint: string | null, sheets?: boolean): string {
  return contractUrl(authorize, {
    query: withLoginHint(sheets ? { sheets: '1' } : { compose: '1' }, loginHint),
  });
}
