import { authorize, COMPOSE_PERMISSION_REQUIRED } from '@mergeboard/core';
import { AppError } from '../../http/app-error';

/**
 * TPL-004 / AUTH-019: the refusal the web app answers by asking for the compose scope
 * (`missing`: this sign-in never granted it; `lost`: Google no longer honours the kept grant,
 * which has been forgotten).
 */
export function composePermissionRequired(why: 'missing' | 'lost' = 'missing'): AppError {
  const prefix =
    why === 'lost'
      ? 'Gmail no longer accepts the permission to compose mail given to this sign-in'
      : 'Permission to compose mail has not been granted to this sign-in';
  return new AppError(
    COMPOSE_PERMISSION_REQUIRED,
    `${prefix}: allow it through GET ${authorize.path}?compose=1, then import again`,
  );
}

/**
 * TPL-004 / AUTH-019: a draft goes into the caller's mailbox, which needs the compose scope. The
 * grant belongs to the signed-in identity (recorded from the provider's token response); without
 * it the call is refused before anything is read or written, with a code the web app answers by
 * asking for the scope.
 */
export function requireComposeGrant(auth: { identity: { composeGrantedAt: Date | null } }): void {
  if (auth.identity.composeGrantedAt) return;
  throw composePermissionRequired('missing');
}
