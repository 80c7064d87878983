import { createDraft, getDraft, listTemplates } from '@mergeboard/core';
import { AppError } from '../../http/app-error';
import { defineRoute } from '../../http/route';
import type { RequestAuth } from '../auth';
import { composePermissionRequired } from './compose-permission';
import { draftMailboxFor } from './draft-mailbox';
import { importTemplate, listGallery, readStoredDraft } from './template-service';

/** `user` routes run only with an account (checked before the handler). */
const accountOf = (auth: RequestAuth | null) => auth!.user!;

/** Drafts are made for the caller only: a userId in the path that is not theirs is refused. */
function requireSelf(auth: RequestAuth | null, userId: string): string {
  const user = accountOf(auth);
  if (userId !== user.id) {
    throw new AppError('forbidden', 'userId must be your own user id', {
      fields: { 'params.userId': 'Must be you' },
    });
  }
  return user.id;
}

/**
 * TPL-004 / AUTH-019: a draft goes into the caller's mailbox, which needs the compose scope. The
 * grant belongs to the signed-in identity (recorded from the provider's token response); without
 * it the call is refused before anything is read or written, with a code the web app answers by
 * asking for the scope.
 */
function requireComposeGrant(auth: RequestAuth | null): void {
  if (auth?.identity.composeGrantedAt) return;
  throw composePermissionRequired('missing');
}

export const templateRoutes = [
  defineRoute({
    contract: listTemplates,
    access: { kind: 'user' },
    handler: async ({ context }) => ({ items: await listGallery(context.database.db) }),
  }),
  defineRoute({
    contract: createDraft,
    access: { kind: 'user' },
    rateLimit: { max: 30, timeWindow: '1 minute' },
    handler: ({ params, body, auth, context }) => {
      const userId = requireSelf(auth, params.userId);
      requireComposeGrant(auth);
      return importTemplate(context.database.db, draftMailboxFor(context, auth!.identity), {
        userId,
        templateId: body.fromTemplate,
      });
    },
  }),
  defineRoute({
    contract: getDraft,
    access: { kind: 'user' },
    handler: ({ params, auth, context }) =>
      readStoredDraft(context.database.db, {
        userId: requireSelf(auth, params.userId),
        draftId: params.draftId,
      }),
  }),
];
