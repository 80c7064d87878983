import {
  DOMAIN_CHECK_BLOCK_ABOVE,
  cancelMerge,
  createMerge,
  domainCheckBlocks,
  getMerge,
  getMergeQuota,
  getSendingDomainCheck,
  listMergeBounces,
  mayOverrideDomainCheck,
  pauseMerge,
  resumeMerge,
  sendTestEmail,
  spaceAccess,
} from '@mergeboard/core';
import type { AppContext } from '../../app-context';
import { defineRoute, type SpaceHandlerInput } from '../../http/route';
import { sendingDomainCheckFor } from '../send-guard';
import { createMerge as create } from './merge-creation';
import { cancelByHand, pauseByHand, readMergeBounces, resumeByHand } from './merge-pause';
import { readMerge, requirePlan, sendTest } from './merge-service';
import { readMergeQuota } from './sender-quota';
import { sendingShapeFor } from './transports/transport-for';

/** The sender: the caller, in the space the route checked. */
const senderOf = ({ user, space }: Pick<SpaceHandlerInput, 'user' | 'space'>) => ({
  workspaceId: space.workspace.id,
  userId: user.id,
  email: user.email,
});

/** How the caller's merge messages would leave, for the sending-domain check. */
const shapeOf = (context: AppContext, userId: string) =>
  sendingShapeFor({ database: context.database, config: context.config, senderUserId: userId });

/** Who steers a merge (pause, resume, cancel): the caller with their role in the space. */
const steererOf = ({ user, space }: Pick<SpaceHandlerInput, 'user' | 'space'>) => ({
  ...senderOf({ user, space }),
  role: space.membership.role,
});

/**
 * The merge engine's calls: each acts on the caller's own spreadsheets and merges in the space, for
 * an active member of an active space (a DISABLED space answers only its own details, SPACE-005).
 */
export const mergeEngineRoutes = [
  defineRoute({
    contract: createMerge,
    access: spaceAccess('canAccessWorkspace'),
    handler: async ({ body, context, ...caller }) => {
      const sender = senderOf(caller);
      const plan = await requirePlan(context.database.db, sender);
      return create(
        context.database.db,
        { boss: context.queue.boss, lanes: context.config.MERGE_WORKERS_PER_MERGE },
        {
          sender,
          plan,
          body,
          guard: {
            config: context.config,
            role: caller.space.membership.role,
            shape: () => shapeOf(context, sender.userId),
          },
        },
      );
    },
  }),
  defineRoute({
    contract: sendTestEmail,
    access: spaceAccess('canAccessWorkspace'),
    handler: ({ body, context, ...caller }) => sendTest(context, { sender: senderOf(caller), body }),
  }),
  defineRoute({
    contract: getMergeQuota,
    access: spaceAccess('canAccessWorkspace'),
    handler: async ({ context, ...caller }) => {
      const sender = senderOf(caller);
      return readMergeQuota(context.database.db, sender, await requirePlan(context.database.db, sender));
    },
  }),
  defineRoute({
    contract: getSendingDomainCheck,
    access: spaceAccess('canAccessWorkspace'),
    handler: async ({ query, context, ...caller }) => {
      const check = await sendingDomainCheckFor({
        db: context.database.db,
        config: context.config,
        email: caller.user.email,
        shape: await shapeOf(context, caller.user.id),
      });
      return {
        check,
        blockAbove: DOMAIN_CHECK_BLOCK_ABOVE,
        blocked: domainCheckBlocks(check.outcome, query.recipients ?? 0),
        canOverride: mayOverrideDomainCheck(caller.space.membership.role),
      };
    },
  }),
  defineRoute({
    contract: getMerge,
    access: spaceAccess('canAccessWorkspace'),
    handler: ({ params, context, ...caller }) =>
      readMerge(context.database.db, {
        sender: senderOf(caller),
        role: caller.space.membership.role,
        mergeId: params.mergeId,
      }),
  }),
  // The send guard (issue 26): the merge's sender, or an owner or admin, steers a merge; the
  // service refuses anyone else (403) and another space's merge is not found.
  defineRoute({
    contract: pauseMerge,
    access: spaceAccess('canAccessWorkspace'),
    handler: ({ params, context, ...caller }) =>
      pauseByHand(context.database.db, { steerer: steererOf(caller), mergeId: params.mergeId }),
  }),
  defineRoute({
    contract: resumeMerge,
    access: spaceAccess('canAccessWorkspace'),
    handler: ({ params, context, ...caller }) =>
      resumeByHand(
        context.database.db,
        { boss: context.queue.boss, lanes: context.config.MERGE_WORKERS_PER_MERGE },
        { steerer: steererOf(caller), mergeId: params.mergeId },
      ),
  }),
  defineRoute({
    contract: cancelMerge,
    access: spaceAccess('canAccessWorkspace'),
    handler: ({ params, context, ...caller }) =>
      cancelByHand(context.database.db, { steerer: steererOf(caller), mergeId: params.mergeId }),
  }),
  defineRoute({
    contract: listMergeBounces,
    access: spaceAccess('canAccessWorkspace'),
    handler: ({ params, context, ...caller }) =>
      readMergeBounces(context.database.db, { steerer: steererOf(caller), mergeId: params.mergeId }),
  }),
];
