import { refreshToken } from '@mergeboard/core';
import type { AuthSession } from '@mergeboard/core';
import { callApi } from '../../../lib/api-client';

/**
 * POST /api/v1/auth/refresh-token: a new access token for the session (AUTH-011). The bearer is
 * the session's access token (even expired) or its backend id token when restoring at start.
 * Plain `callApi`: a refresh that fails must not trigger another refresh.
 */
export function refreshSession(sessionId: string, bearer: string): Promise<AuthSession> {
  return callApi(refreshToken, { body: { sessionId } }, { token: bearer });
}
