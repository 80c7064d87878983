import { isApiError } from '../../lib/api-client';

export const INVITATION_ERROR_TITLE = 'The invitation could not be finalized.';

export const INVITATION_REASONS = {
  invalid: 'The invite link is invalid.',
  otherAccount: 'You are logged into a different account than the one invited.',
  notActive: 'The invite link has expired or been cancelled.',
  alreadyMember: 'You are already a member of this space.',
  restricted: 'Sorry, this invitation link is no longer valid.',
} as const;

/**
 * INV-007..012: the reason shown under 'The invitation could not be finalized.'; null for a
 * failure that gets the generic error banner instead (a 500 after the retries, INV-006).
 */
export function invitationFailureReason(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.code === 'invitation_restricted') return INVITATION_REASONS.restricted;
  if (error.status === 404) return INVITATION_REASONS.invalid;
  if (error.status === 403) return INVITATION_REASONS.otherAccount;
  if (error.status === 409 && error.code === 'invitation_is_not_active') return INVITATION_REASONS.notActive;
  if (error.status === 409 && error.code === 'user_already_exists') return INVITATION_REASONS.alreadyMember;
  if (error.status === 400) return INVITATION_REASONS.invalid;
  return null;
}
