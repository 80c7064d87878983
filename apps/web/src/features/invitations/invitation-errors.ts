import { INVITATION_TEXTS } from '@mergeboard/core';
import { isApiError } from '../../lib/api-client';

/**
 * INV-007 INV-008 INV-009 INV-010 INV-011 INV-012: the reason shown under 'The invitation could not be
 * finalized.'; null for a failure that gets the generic error banner instead (a 500 after the retries,
 * INV-006).
 */
export function invitationFailureReason(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.code === 'invitation_restricted') return INVITATION_TEXTS.restricted;
  if (error.status === 404) return INVITATION_TEXTS.invalid;
  if (error.status === 403) return INVITATION_TEXTS.otherAccount;
  if (error.status === 409 && error.code === 'invitation_is_not_active') return INVITATION_TEXTS.notActive;
  if (error.status === 409 && error.code === 'user_already_exists') return INVITATION_TEXTS.alreadyMember;
  if (error.status === 400) return INVITATION_TEXTS.invalid;
  return null;
}
