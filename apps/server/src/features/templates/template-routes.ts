import { createDraft, getDraft, listTemplates } from '@mergeboard/core';
import { requireSelf } from '../../access/require-self';
import { defineRoute } from '../../http/route';
import { requireComposeGrant } from './compose-permission';
import { draftMailboxFor } from './draft-mailbox-for';
import { importTemplate, listGallery, readStoredDraft } from './template-service';

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
      const userId = requireSelf(user, params.userId, 'params.userId');
      requireComposeGrant(auth);
      return importTemplate(context.database.db, {
        mailbox: draftMailboxFor(context, auth.identity),
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
        userId: requireSelf(user, params.userId, 'params.userId'),
        draftId: params.draftId,
      }),
  }),
];
