import { createUser } from '@mergeboard/core';
import type { CurrentUser } from '@mergeboard/core';
import { callAuthed } from '../../../lib/authed-call';

/**
 * POST /api/v2/users/workspace-activation-create-user (AUTH-004): creates the account of the
 * signed-in identity, with its own FREE space. `userEmail` must be the signed-in address.
 */
export function createAccount(identity: { userEmail: string; userName?: string }): Promise<CurrentUser> {
  return callAuthed(createUser, { body: { ...identity, createSource: 'WEBAPP' } });
}
