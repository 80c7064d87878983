import { getDeliverability, spaceAccess } from '@mergeboard/core';
import { defineRoute } from '../../http/route';
import { readDeliverability } from './deliverability-service';

/**
 * Issue 26: every active member opens the page; what it holds depends on who asks — owners and
 * admins (canManageSettings) the space's and every sender's figures, a member only their own.
 */
export const deliverabilityRoutes = [
  defineRoute({
    contract: getDeliverability,
    access: spaceAccess('canAccessWorkspace'),
    handler: ({ space, user, context }) =>
      readDeliverability(context.database.db, {
        workspaceId: space.workspace.id,
        userId: user.id,
        ownOnly: !space.permissions.canManageSettings,
        dkimDomain: context.config.dkim?.domainName ?? null,
        now: new Date(),
      }),
  }),
];
