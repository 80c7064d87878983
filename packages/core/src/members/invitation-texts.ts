/**
 * The texts of a failed invitation acceptance (000 §8, 001 §6), word for word: the server refuses
 * with them and the web shows them under its banner, so each is written here once.
 */
export const INVITATION_TEXTS = {
  /** INV-007: the banner of a failed finalize. */
  failed: 'The invitation could not be finalized.',
  /** INV-008: 404 (and a malformed link). */
  invalid: 'The invite link is invalid.',
  /** INV-009: 403, the link was sent to another address. */
  otherAccount: 'You are logged into a different account than the one invited.',
  /** INV-010: 409 invitation_is_not_active. */
  notActive: 'The invite link has expired or been cancelled.',
  /** INV-011: 409 user_already_exists. */
  alreadyMember: 'You are already a member of this space.',
  /** INV-012: INVITATION is restricted. */
  restricted: 'Sorry, this invitation link is no longer valid.',
} as const;
