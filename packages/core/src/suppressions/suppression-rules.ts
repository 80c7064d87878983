import { z } from 'zod';

/** UNSUB-002 / BOUNCE-002: tags are split on spaces or commas. */
export function splitEmailTags(raw: string): string[] {
  return raw
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

const emailSchema = z.email();

/** UNSUB-002 / BOUNCE-002: each tag must be a valid e-mail address, otherwise 'Email is invalid'. */
export function isValidEmail(value: string): boolean {
  return value.length <= 254 && emailSchema.safeParse(value).success;
}

export const INVALID_EMAIL_MESSAGE = 'Email is invalid';

/** The most addresses one add call takes (the web sends only the valid tags, UNSUB-004). */
export const SUPPRESSION_ADD_MAX = 500;

/**
 * UNSUB-016 / BOUNCE-014: whether the caller may delete an entry of this type. A MEMBER cannot
 * delete a WORKSPACE-type entry while sharing is on for them; everyone else may delete what they see.
 */
export function canDeleteSuppression(options: {
  type: 'WORKSPACE' | 'USER';
  role: 'OWNER' | 'ADMIN' | 'MEMBER';
  sharingOn: boolean;
}): boolean {
  return !(options.type === 'WORKSPACE' && options.role === 'MEMBER' && options.sharingOn);
}
