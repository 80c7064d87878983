import {
  cancelScheduledCampaign,
  countScheduledCampaigns,
  exportScheduledCampaigns,
  exportSentCampaigns,
  getPollResponses,
  getPollResults,
  getScheduledCampaign,
  getSentCampaign,
  listScheduledCampaigns,
  listSentCampaigns,
  spaceAccess,
} from '@mergeboard/core';
import { defineRoute } from '../../http/route';
import { streamCsv } from '../../lib/csv-export';
import {
  cancelScheduled,
  countScheduledInSpace,
  exportScheduled,
  exportSent,
  listScheduled,
  listSent,
  readPollResponses,
  readPollResults,
  readScheduled,
  readSent,
} from './mail-merge-service';

/** The caller's own merges: every call reads only rows the caller sent or scheduled. */
export const mailMergeRoutes = [
  defineRoute({
    contract: listSentCampaigns,
    access: { kind: 'user' },
    handler: ({ query, user, context }) => listSent(context.database.db, { userId: user.id, query }),
  }),
  defineRoute({
    contract: exportSentCampaigns,
    access: { kind: 'user' },
    handler: async ({ query, user, context, reply }) =>
      // The answer is a stream, piped to the client as it is produced (see streamCsv).
      (await streamCsv(
        reply,
        await exportSent(context.database.db, { userId: user.id, query }),
      )) as never as string,
  }),
  defineRoute({
    contract: getSentCampaign,
    access: { kind: 'user' },
    handler: ({ params, user, context }) =>
      readSent(context.database.db, { userId: user.id, campaignId: params.id }),
  }),
  defineRoute({
    contract: getPollResults,
    access: { kind: 'user' },
    handler: ({ params, user, context }) =>
      readPollResults(context.database.db, { userId: user.id, campaignId: params.id }),
  }),
  defineRoute({
    contract: getPollResponses,
    access: { kind: 'user' },
    handler: ({ params, query, user, context }) =>
      readPollResponses(context.database.db, { userId: user.id, campaignId: params.id, page: query }),
  }),
  defineRoute({
    contract: listScheduledCampaigns,
    access: { kind: 'user' },
    handler: ({ query, user, context }) => listScheduled(context.database.db, { userId: user.id, query }),
  }),
  defineRoute({
    contract: exportScheduledCampaigns,
    access: { kind: 'user' },
    handler: async ({ query, user, context, reply }) =>
      (await streamCsv(
        reply,
        await exportScheduled(context.database.db, { userId: user.id, query }),
      )) as never as string,
  }),
  defineRoute({
    contract: getScheduledCampaign,
    access: { kind: 'user' },
    handler: ({ params, user, context }) =>
      readScheduled(context.database.db, { userId: user.id, scheduledMergeId: params.id }),
  }),
  defineRoute({
    contract: cancelScheduledCampaign,
    access: { kind: 'user' },
    handler: ({ params, user, context }) =>
      cancelScheduled(context.database.db, { userId: user.id, scheduledMergeId: params.scheduledMergeId }),
  }),
  defineRoute({
    contract: countScheduledCampaigns,
    access: spaceAccess('canAccessWorkspace', { in: 'params', name: 'workspaceId' }),
    handler: ({ user, space, context }) =>
      countScheduledInSpace(context.database.db, { userId: user.id, workspaceId: space.workspace.id }),
  }),
];
