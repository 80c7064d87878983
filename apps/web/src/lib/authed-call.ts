import type { Contract, ContractResponse } from '@mergeboard/core';
import { getAccessToken } from './access-token';
import { callApi, isApiError } from './api-client';
import type { ApiError, CallApiArgs } from './api-client';

/**
 * What the API layer needs from whoever owns the session (the auth feature registers itself):
 * a way to get a fresh access token, and a way to say the session is gone.
 */
interface SessionRenewer {
  /** Refreshes the access token; resolves true when a new one is in place. */
  renewSession(): Promise<boolean>;
  /** A call still answered 401 after one renewal (or renewal failed): forget the session. */
  sessionLost(error: ApiError): void;
}

let renewer: SessionRenewer | null = null;

/** Makes `next` the session owner; the returned function undoes it (if still the owner). */
export function registerSessionRenewer(next: SessionRenewer): () => void {
  renewer = next;
  return () => {
    if (renewer === next) renewer = null;
  };
}

function isUnauthorized(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 401;
}

/**
 * {@link callApi} for calls made with the signed-in session. A 401 triggers one session
 * renewal and one retry (AUTH-014); when renewal fails or the retry still answers 401 the
 * session is reported lost (AUTH-015) and the error is rethrown. Calls made without a token,
 * or while nobody owns a session, behave exactly like `callApi`.
 */
export async function callAuthed<C extends Contract>(
  contract: C,
  ...args: CallApiArgs<C>
): Promise<ContractResponse<C>> {
  const sentToken = getAccessToken();
  try {
    return await callApi(contract, ...args);
  } catch (error) {
    const owner = renewer;
    if (!isUnauthorized(error) || !owner || sentToken === null) throw error;
    // Another call may have renewed the token while this one was in flight; then just retry.
    const current = getAccessToken();
    const renewed = current !== null && current !== sentToken ? true : await owner.renewSession();
    if (!renewed || getAccessToken() === null) {
      owner.sessionLost(error);
      throw error;
    }
    try {
      return await callApi(contract, ...args);
    } catch (retryError) {
      if (isUnauthorized(retryError)) owner.sessionLost(retryError);
      throw retryError;
    }
  }
}
