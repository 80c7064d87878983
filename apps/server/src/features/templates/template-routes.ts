import { createDraft, getDraft, listTemplates } from '@mergeboard/core';
import { AppError } from '../../http/app-error';
import { defineRoute } from '../../http/route';
import type { Account, RequestAuth } from '../../access/authenticate';
import { composePermissionRequired } from './compose-permission';
import { draftMailboxFor } from './draft-mailbox-for';
import { importTemplate, listGallery, readStoredDraft } from './template-service';

/** Drafts are made for the caller only: a userId in the path that is not theirs is refused. */
function requireSelf(user: Account, userId: string): string {
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
function requireComposeGrant(auth: RequestAuth): void {
  if (auth.identity.composeGrantedAt) return;
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
    handler: ({ params, body, auth, user, context }) => {
      const userId = requireSelf(user, params.userId);
      requireComposeGrant(auth);
      return importTemplate(context.database.db, draftMailboxFor(context, auth.identity), {
        userId,
        templateId: body.fromTemplate,
      });
    },
  }),
  defineRoute({
    contract: getDraft,
    access: { kind: 'user' },
    handler: ({ params, user, context }) =>
      readStoredDraft(context.database.db, {
        userId: requireSelf(user, params.userId),
        draftId: params.draftId,
      }),
  }),
];
