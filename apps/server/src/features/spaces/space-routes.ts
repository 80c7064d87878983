import { and, asc, eq } from 'drizzle-orm';
import {
  acceptInvitation,
  createWorkspace,
  deleteWorkspace,
  getPromotions,
  getWorkspace,
  inviteToWorkspace,
  listWorkspaceMembers,
  promotionSchema,
  transferOwnership,
  updateWorkspace,
} from '@mergeboard/core';
import { promotions } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { defineRoute } from '../../http/route';
import type { RequestAuth } from '../auth';
import { acceptInvitationToken, inviteToSpace } from './invitation-service';
import { listMembers } from './member-queries';
import { requireSpaceMember } from './space-access';
import { loadWorkspaceDetails } from './space-details';
import { createSpace, deleteSpace, transferSpace, updateSpace } from './space-service';

const mailSettings = (config: {
  publicUrl: string;
  PRODUCT_NAME: string;
  SMTP_URL?: string | undefined;
}) => ({
  publicUrl: config.publicUrl,
  productName: config.PRODUCT_NAME,
  capture: !config.SMTP_URL,
});

/** `user` and `space` routes run only with an account (checked before the handler). */
const accountOf = (auth: RequestAuth | null) => auth!.user!;

export const spaceRoutes = [
  defineRoute({
    contract: getWorkspace,
    access: { kind: 'space', minRole: 'MEMBER' },
    handler: ({ query, auth, space, context }) =>
      loadWorkspaceDetails(context.database.db, space!, accountOf(auth), {
        domains: query.includeDomains ?? false,
        features: query.includeFeatures ?? false,
        membersCount: query.includeMembersCount ?? true,
      }),
  }),
  defineRoute({
    contract: createWorkspace,
    access: { kind: 'user' },
    handler: async ({ body, auth, context }) => {
      const user = accountOf(auth);
      // Never trust an id in the body for whom to act: it must be the caller (mass assignment).
      if (body.userId !== user.id) {
        throw new AppError('forbidden', 'userId must be your own user id', {
          fields: { 'body.userId': 'Must be you' },
        });
      }
      const workspaceId = await createSpace(context.database.db, {
        userId: user.id,
        name: body.workspaceName,
        memberInviteUser: body.memberInviteUser,
      });
      return { workspaceId };
    },
  }),
  defineRoute({
    contract: updateWorkspace,
    access: { kind: 'space', minRole: 'OWNER' },
    handler: async ({ body, auth, space, context }) => {
      const user = accountOf(auth);
      await updateSpace(context.database.db, {
        workspaceId: space!.workspace.id,
        actorUserId: user.id,
        name: body.workspaceName,
        memberInviteUser: body.memberInviteUser,
      });
      const fresh = await requireSpaceMember(context.database.db, {
        workspaceId: space!.workspace.id,
        userId: user.id,
        minRole: 'OWNER',
      });
      const details = await loadWorkspaceDetails(context.database.db, fresh, user, {
        domains: false,
        features: false,
        membersCount: true,
      });
      if (details.status === 'DISABLED') throw new AppError('forbidden', 'This space is disabled');
      return details;
    },
  }),
  defineRoute({
    contract: deleteWorkspace,
    access: { kind: 'space', minRole: 'OWNER' },
    handler: async ({ auth, space, context }) => {
      await deleteSpace(context.database.db, {
        workspaceId: space!.workspace.id,
        actorUserId: accountOf(auth).id,
        name: space!.workspace.name,
      });
      return { deleted: true } as const;
    },
  }),
  defineRoute({
    contract: transferOwnership,
    access: { kind: 'space', minRole: 'OWNER' },
    handler: async ({ body, auth, space, context }) => {
      await transferSpace(context.database.db, {
        workspaceId: space!.workspace.id,
        fromUserId: accountOf(auth).id,
        toUserId: body.userId,
      });
      return { workspaceId: space!.workspace.id, ownerUserId: body.userId };
    },
  }),
  defineRoute({
    contract: listWorkspaceMembers,
    access: { kind: 'space', minRole: 'MEMBER' },
    handler: ({ query, space, context }) => listMembers(context.database.db, space!.workspace.id, query),
  }),
  defineRoute({
    contract: inviteToWorkspace,
    access: { kind: 'space', minRole: 'MEMBER' },
    handler: async ({ query, body, auth, space, context }) => {
      const { items } = await inviteToSpace(context.database.db, {
        access: space!,
        inviter: accountOf(auth),
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
    handler: ({ params, auth, context }) =>
      acceptInvitationToken(context.database.db, { token: params.token, user: accountOf(auth) }),
  }),
  defineRoute({
    contract: getPromotions,
    access: { kind: 'user' },
    handler: async ({ query, context }) => {
      const rows = await context.database.db
        .select()
        .from(promotions)
        .where(
          and(
            eq(promotions.project, query.project),
            eq(promotions.placement, query.placement),
            eq(promotions.enabled, true),
          ),
        )
        .orderBy(asc(promotions.sortOrder));
      // API-023: an invalid promotion is dropped, never shown half-filled.
      const valid = rows.flatMap((row) => {
        const parsed = promotionSchema.safeParse(row);
        return parsed.success ? [parsed.data] : [];
      });
      return { enabled: valid.length > 0, promotions: valid };
    },
  }),
];
