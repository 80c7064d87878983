import { authorize, authorizeQuerySchema } from '@mergeboard/core';
import { contractUrl } from '../../../lib/api-client';

/** AUTH-002: the server's authorize endpoint, which sends the browser on to the provider. */
export function signInUrl(): string {
  return contractUrl(authorize, { query: { prompt: 'select_account' } });
}

/**
 * AUTH-019 (TPL-004): the authorize endpoint asking for the mail compose scope, with the
 * signed-in address as a hint so the provider asks that account.
 */
export function composePermissionUrl(loginHint: string | null): string {
  const query = { compose: '1' as const, ...(loginHint ? { loginHint } : {}) };
  // An address the server would refuse as a hint is left out rather than failing the trip.
  const checked = authorizeQuerySchema.safeParse(query).success ? query : { compose: '1' as const };
  return contractUrl(authorize, { query: checked });
}
