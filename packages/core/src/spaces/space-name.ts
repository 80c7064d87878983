import { z } from 'zod';
import { SPACE_NAME_MAX_LENGTH, SPACE_NAME_MIN_LENGTH } from '../constants/limits';
import { text } from '../contracts/text';

/** The spec's texts for a space name (000 §5, 001 §5), word for word. */
const SPACE_NAME_MESSAGES = {
  required: 'Please fill in this field.',
  tooShort: `Space name should contain at least ${SPACE_NAME_MIN_LENGTH} characters.`,
  tooLong: `Space name could contain at most ${SPACE_NAME_MAX_LENGTH} characters.`,
} as const;

/** The message for a typed name, or null when it is fine. Length counts the trimmed name. */
export function spaceNameError(raw: string): string | null {
  const name = raw.trim();
  if (name === '') return SPACE_NAME_MESSAGES.required;
  if (name.length < SPACE_NAME_MIN_LENGTH) return SPACE_NAME_MESSAGES.tooShort;
  if (name.length > SPACE_NAME_MAX_LENGTH) return SPACE_NAME_MESSAGES.tooLong;
  return null;
}

/** The same rule as a schema: trims, then checks, with the spec's messages. */
export const spaceNameSchema = text()
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(1, SPACE_NAME_MESSAGES.required)
      .min(SPACE_NAME_MIN_LENGTH, SPACE_NAME_MESSAGES.tooShort)
      .max(SPACE_NAME_MAX_LENGTH, SPACE_NAME_MESSAGES.tooLong),
  );

export const MAX_SPACES_MESSAGES = {
  title: 'You cannot create a new space',
  text: 'You are already the owner of 5 spaces which is the limit of the number of spaces you can own.',
} as const;
