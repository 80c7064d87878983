import { createMerge, getMerge, getMergeQuota, sendTestEmail, spaceAccess } from '@mergeboard/core';
import { defineRoute, type SpaceHandlerInput } from '../../http/route';
import { createMerge as create } from './merge-creation';
import { readMerge, requirePlan, sendTest } from './merge-service';
import { readMergeQuota } from './sender-quota';

/** The sender: the caller, in the space the route checked. */
const senderOf = ({ user, space }: Pick<SpaceHandlerInput, 'user' | 'space'>) => ({
  workspaceId: space.workspace.id,
  userId: user.id,
  email: user.email,
});

/** The merge engine's calls: each acts on the caller's own spreadsheets and merges in the space. */
export const mergeEngineRoutes = [
  defineRoute({
    contract: createMerge,
    access: spaceAccess('canViewSpace'),
    handler: async ({ body, context, ...caller }) => {
      const sender = senderOf(caller);
      const plan = await requirePlan(context.database.db, sender);
      return create(
        context.database.db,
        { boss: context.queue.boss, lanes: context.config.MERGE_WORKERS_PER_MERGE },
        { sender, plan, body },
      );
    },
  }),
  defineRoute({
    contract: sendTestEmail,
    access: spaceAccess('canViewSpace'),
    handler: ({ body, context, ...caller }) => sendTest(context, { sender: senderOf(caller), body }),
  }),
  defineRoute({
    contract: getMergeQuota,
    access: spaceAccess('canViewSpace'),
    handler: async ({ context, ...caller }) => {
      const sender = senderOf(caller);
      return readMergeQuota(context.database.db, sender, await requirePlan(context.database.db, sender));
    },
  }),
  defineRoute({
    contract: getMerge,
    access: spaceAccess('canViewSpace'),
    handler: ({ params, context, ...caller }) =>
      readMerge(context.database.db, { sender: senderOf(caller), mergeId: params.mergeId }),
  }),
];
