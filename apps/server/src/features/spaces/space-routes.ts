import {
  acceptInvitation,
  createWorkspace,
  deleteWorkspace,
  getPromotions,
  getWorkspace,
  inviteToWorkspace,
  listWorkspaceMembers,
  spaceAccess,
  transferOwnership,
  updateWorkspace,
} from '@mergeboard/core';
import { requireSelf } from '../../access/require-self';
import { defineRoute } from '../../http/route';
import { acceptInvitationToken, inviteToSpace } from './invitation-service';
import { loadWorkspaceDetails } from './space-details';
import {
  createSpace,
  deleteSpace,
  listPromotions,
  listSpaceMembers,
  transferSpace,
  updateSpace,
} from './space-service';

const mailSettings = (config: {
  publicUrl: string;
  PRODUCT_NAME: string;
  SMTP_URL?: string | undefined;
}) => ({
  publicUrl: config.publicUrl,
  productName: config.PRODUCT_NAME,
  capture: !config.SMTP_URL,
});

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
        name: body.workspaceName,
        memberInviteUser: body.memberInviteUser,
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
    contract: listWorkspaceMembers,
    access: spaceAccess('canAccessWorkspace'),
    handler: ({ query, space, context }) =>
      listSpaceMembers(context.database.db, { workspaceId: space.workspace.id, params: query }),
  }),
  defineRoute({
    contract: inviteToWorkspace,
    access: spaceAccess('canInvite'),
    handler: async ({ query, body, user, space, context }) => {
      const { items } = await inviteToSpace(context.database.db, {
        access: space,
        inviter: user,
        emails: body.emails,
        onlyCheck: query.onlyCheckValidity ?? false,
        mail: mailSettings(context.config),
      });
      return { items };
    },
  }),
  defineRoute({
    contract: acceptInvitation,
    access: { kind: 'user' },
    handler: ({ params, user, context }) =>
      acceptInvitationToken(context.database.db, { token: params.token, user }),
  }),
  defineRoute({
    contract: getPromotions,
    access: { kind: 'user' },
    handler: ({ query, context }) => listPromotions(context.database.db, query),
  }),
];
