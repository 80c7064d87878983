import { exchangeToken } from '@mergeboard/core';
import type { AuthSession, ContractInput } from '@mergeboard/core';
import { callApi } from '../../../lib/api-client';

/**
 * POST /api/v1/auth/token: the provider's code and state for a session (AUTH-002). Sent without
 * a bearer; the server checks `state` against the httpOnly cookie it set at /authorize.
 */
export function exchangeAuthCode(body: ContractInput<typeof exchangeToken>['body']): Promise<AuthSession> {
  return callApi(exchangeToken, { body }, { token: null });
}
