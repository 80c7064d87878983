import {
  acceptInvitation,
  activateMembers as activateContract,
  addLegacyMembers,
  addWorkspaceUsers,
  cancelInvitations as cancelContract,
  changeMemberRoles,
  getInvitation,
  getPromoteValidity,
  inviteLegacyUsers,
  inviteToWorkspace,
  listSpaceManagers,
  listSubscriptionsV2,
  listWorkspaceMembers,
  listWorkspaceUsers,
  removeMembers as removeMembersContract,
  removeWorkspaceUsers,
  resendInvitations as resendContract,
  spaceAccess,
} from '@mergeboard/core';
import { defineRoute, type SpaceHandlerInput } from '../../http/route';
import type { MailSettings } from '../mail';
import {
  acceptInvitationToken,
  addToSpace,
  cancelInvitations,
  previewInvitation,
  resendInvitations,
} from './invitation-service';
import type { AdditionKind } from './newcomers';
import {
  activateMembers,
  changeRoles,
  listManagers,
  listSeatSummaries,
  listSeatUsers,
  listSpaceMembers,
  promoteValidity,
  removeMembers,
} from './members-service';

const mailSettings = (config: {
  publicUrl: string;
  PRODUCT_NAME: string;
  SMTP_URL?: string | undefined;
}): MailSettings => ({
  publicUrl: config.publicUrl,
  productName: config.PRODUCT_NAME,
  capture: !config.SMTP_URL,
});

/** The add and invite calls all bring addresses in the same way; `kind` says on what terms. */
const bringIn = (
  input: Pick<SpaceHandlerInput, 'space' | 'user' | 'context'>,
  options: { kind: AdditionKind; emails: readonly string[]; onlyCheck: boolean | undefined },
) =>
  addToSpace(input.context.database.db, {
    access: input.space,
    inviter: input.user,
    emails: options.emails,
    kind: options.kind,
    onlyCheck: options.onlyCheck ?? false,
    mail: mailSettings(input.context.config),
  });

/** The member calls (001 §7): listing, adding and inviting, removal, roles, activation, seats. */
export const memberRoutes = [
  // Every member's address, plan and quota: the Users page's and the managers' (canListMembers).
  defineRoute({
    contract: listWorkspaceMembers,
    access: spaceAccess('canListMembers'),
    handler: ({ query, space, context }) =>
      listSpaceMembers(context.database.db, { workspaceId: space.workspace.id, params: query }),
  }),
  // SHELL-023: the owner and admins, for a member who may not see the list above.
  defineRoute({
    contract: listSpaceManagers,
    access: spaceAccess('canAccessWorkspace'),
    handler: ({ space, context }) => listManagers(context.database.db, space.workspace.id),
  }),
  defineRoute({
    contract: listWorkspaceUsers,
    access: spaceAccess('canAccessUsersPage'),
    handler: ({ query, space, context }) =>
      listSeatUsers(context.database.db, { workspaceId: space.workspace.id, params: query }),
  }),
  defineRoute({
    contract: addWorkspaceUsers,
    access: spaceAccess('canManageSeatMembers'),
    handler: async (input) => {
      const { results } = await bringIn(input, {
        kind: 'seat',
        emails: input.body.userEmails,
        onlyCheck: input.query.onlyCheckValidity,
      });
      return {
        success: results.every((result) => result.errorMsg === null),
        results: results.map((result) => ({ userEmail: result.email, errorDetails: result.errorMsg })),
      };
    },
  }),
  defineRoute({
    contract: removeWorkspaceUsers,
    access: spaceAccess('canManageSeatMembers'),
    handler: async ({ body, user, space, context }) => {
      const { removed } = await removeMembers(context.database.db, {
        access: space,
        actorUserId: user.id,
        selection: { emails: body.userEmails },
      });
      return { success: true as const, removed };
    },
  }),
  defineRoute({
    contract: addLegacyMembers,
    access: spaceAccess('canManageLegacyMembers'),
    handler: async (input) => {
      const { results } = await bringIn(input, {
        kind: 'legacy',
        emails: input.body.userEmails,
        onlyCheck: input.query.onlyCheckValidity,
      });
      return { items: results };
    },
  }),
  defineRoute({
    contract: removeMembersContract,
    access: spaceAccess('canManageLegacyMembers'),
    handler: ({ body, user, space, context }) =>
      removeMembers(context.database.db, {
        access: space,
        actorUserId: user.id,
        selection: { userIds: body.userIds },
      }),
  }),
  defineRoute({
    contract: changeMemberRoles,
    access: spaceAccess('canChangeRoles'),
    handler: ({ body, user, space, context }) =>
      changeRoles(context.database.db, {
        access: space,
        actorUserId: user.id,
        memberRoles: body.memberRoles,
      }),
  }),
  defineRoute({
    contract: activateContract,
    access: spaceAccess('canManageMembers'),
    handler: ({ body, user, space, context }) =>
      activateMembers(context.database.db, { access: space, actorUserId: user.id, userIds: body.userIds }),
  }),
  defineRoute({
    contract: getPromoteValidity,
    access: spaceAccess('canManageMembers'),
    handler: ({ space, context }) => promoteValidity(context.database.db, { access: space }),
  }),
  defineRoute({
    contract: inviteToWorkspace,
    access: spaceAccess('canInvite'),
    handler: async (input) => {
      const { results } = await bringIn(input, {
        kind: 'invite',
        emails: input.body.emails,
        onlyCheck: input.query.onlyCheckValidity,
      });
      return { items: results.map(({ email, errorMsg }) => ({ email, errorMsg })) };
    },
  }),
  defineRoute({
    contract: inviteLegacyUsers,
    access: spaceAccess('canManageLegacyMembers'),
    handler: async (input) => {
      const { results } = await bringIn(input, {
        kind: 'legacyInvite',
        emails: input.body.userEmails,
        onlyCheck: input.query.onlyCheckValidity,
      });
      return { items: results.map(({ email, errorMsg }) => ({ email, errorMsg })) };
    },
  }),
  defineRoute({
    contract: resendContract,
    access: spaceAccess('canManageMembers'),
    handler: async ({ body, user, space, context }) => {
      const { resent } = await resendInvitations(context.database.db, {
        access: space,
        inviter: user,
        emails: body.invitedUserEmails,
        mail: mailSettings(context.config),
      });
      return { resent };
    },
  }),
  defineRoute({
    contract: cancelContract,
    access: spaceAccess('canManageMembers'),
    handler: ({ body, user, space, context }) =>
      cancelInvitations(context.database.db, {
        access: space,
        actorUserId: user.id,
        emails: body.invitedUserEmails,
      }),
  }),
  defineRoute({
    contract: acceptInvitation,
    access: { kind: 'user' },
    handler: ({ params, user, context }) =>
      acceptInvitationToken(context.database.db, { token: params.token, user }),
  }),
  defineRoute({
    contract: getInvitation,
    // Before sign-in: the link's token is the key (256 random bits); the limit keeps guessing slow.
    access: { kind: 'public' },
    rateLimit: { max: 30, timeWindow: '1 minute' },
    handler: ({ params, context }) => previewInvitation(context.database.db, { token: params.token }),
  }),
  defineRoute({
    contract: listSubscriptionsV2,
    access: spaceAccess('canReadSubscriptions'),
    handler: ({ query, space, context }) =>
      listSeatSummaries(context.database.db, {
        workspaceId: space.workspace.id,
        status: query.status ?? 'ACTIVE',
      }),
  }),
];
