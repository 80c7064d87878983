import { isApiError } from '../../../lib/api-client';

/** Answers that are part of normal sign-in life, not faults (AUTH-024). */
const EXPECTED_STATUSES = new Set([400, 401, 404, 409]);

/**
 * Sends an auth call's failure to error reporting unless it is an expected answer (AUTH-024).
 * The browser console is the error reporting of this install.
 */
export function reportAuthError(error: unknown): void {
  if (isApiError(error) && EXPECTED_STATUSES.has(error.status)) return;
  console.error('Sign-in call failed', error);
}
