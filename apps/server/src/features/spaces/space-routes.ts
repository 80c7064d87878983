import {
  createWorkspace,
  deleteWorkspace,
  getPromotions,
  getWorkspace,
  spaceAccess,
  transferOwnership,
  updateWorkspace,
} from '@mergeboard/core';
import { requireSelf } from '../../access/require-self';
import { defineRoute } from '../../http/route';
import { loadWorkspaceDetails } from './space-details';
import { createSpace, deleteSpace, listPromotions, transferSpace, updateSpace } from './space-service';

export const spaceRoutes = [
  defineRoute({
    contract: getWorkspace,
    access: spaceAccess('canViewSpace'),
    handler: ({ query, space, context }) =>
      loadWorkspaceDetails(context.database.db, space, {
        domains: query.includeDomains ?? false,
        features: query.includeFeatures ?? false,
        membersCount: query.includeMembersCount ?? true,
      }),
  }),
  defineRoute({
    contract: createWorkspace,
    access: { kind: 'user' },
    handler: async ({ body, user, context }) => {
      const workspaceId = await createSpace(context.database.db, {
        userId: requireSelf(user, body.userId, 'body.userId'),
        name: body.workspaceName,
        memberInviteUser: body.memberInviteUser,
      });
      return { workspaceId };
    },
  }),
  defineRoute({
    contract: updateWorkspace,
    access: spaceAccess('canAccessGeneralSettings'),
    handler: ({ body, user, space, context }) =>
      updateSpace(context.database.db, {
        space,
        user,
        changes: {
          name: body.workspaceName,
          memberInviteUser: body.memberInviteUser,
          trackOpensDefault: body.trackOpensDefault,
          trackClicksDefault: body.trackClicksDefault,
        },
      }),
  }),
  defineRoute({
    contract: deleteWorkspace,
    access: spaceAccess('canDeleteSpace'),
    handler: async ({ user, space, context }) => {
      await deleteSpace(context.database.db, {
        workspaceId: space.workspace.id,
        actorUserId: user.id,
        name: space.workspace.name,
      });
      return { deleted: true } as const;
    },
  }),
  defineRoute({
    contract: transferOwnership,
    access: spaceAccess('canTransferOwnership'),
    handler: async ({ body, user, space, context }) => {
      await transferSpace(context.database.db, {
        workspaceId: space.workspace.id,
        isPerSeat: space.workspace.isPerSeat,
        fromUserId: user.id,
        toUserId: body.userId,
      });
      return { workspaceId: space.workspace.id, ownerUserId: body.userId };
    },
  }),
  defineRoute({
    contract: getPromotions,
    access: { kind: 'user' },
    handler: ({ query, context }) =>
      listPromotions(context.database.db, { ...query, configured: context.config.PROMOTIONS }),
  }),
];
