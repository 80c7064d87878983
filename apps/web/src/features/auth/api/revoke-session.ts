import { revokeSession } from '@mergeboard/core';
import { callApi } from '../../../lib/api-client';

/** POST /api/v1/auth/revoke: ends the session on the server at once (AUTH-017). */
export function revokeAuthSession(sessionId: string, bearer: string) {
  return callApi(revokeSession, { body: { sessionId } }, { token: bearer });
}
