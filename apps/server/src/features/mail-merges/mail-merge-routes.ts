import {
  cancelScheduledCampaign,
  countScheduledCampaigns,
  exportCampaignRecipients,
  exportCampaignSpreadsheet,
  exportScheduledCampaigns,
  exportScheduledSpreadsheet,
  exportSentCampaigns,
  getPollResponses,
  getPollResults,
  getScheduledCampaign,
  getSentCampaign,
  listCampaignRecipients,
  listScheduledCampaigns,
  listSentCampaigns,
  spaceAccess,
} from '@mergeboard/core';
import type { FastifyReply } from 'fastify';
import { defineRoute } from '../../http/route';
import { streamCsv, type CsvColumn } from '../../lib/csv-export';
import {
  cancelScheduled,
  countScheduledInSpace,
  exportCampaignFile,
  exportRecipients,
  exportScheduledFile,
  exportScheduled,
  exportSent,
  listRecipients,
  listScheduled,
  listSent,
  readPollResponses,
  readPollResults,
  readScheduled,
  readSent,
} from './mail-merge-service';

/**
 * An export's answer: a stream, piped to the client as it is produced (see streamCsv); the
 * contract names it text/csv.
 */
async function streamed<Row>(
  reply: FastifyReply,
  file: Promise<{ what: string; columns: readonly CsvColumn<Row>[]; batches: AsyncIterable<readonly Row[]> }>,
) {
  return (await streamCsv(reply, await file)) as never as string;
}

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
    handler: ({ query, user, context, reply }) =>
      streamed(reply, exportSent(context.database.db, { userId: user.id, query })),
  }),
  defineRoute({
    contract: getSentCampaign,
    access: { kind: 'user' },
    handler: ({ params, user, context }) =>
      readSent(context.database.db, { userId: user.id, campaignId: params.id }),
  }),
  defineRoute({
    contract: listCampaignRecipients,
    access: { kind: 'user' },
    handler: ({ params, query, user, context }) =>
      listRecipients(context.database.db, { userId: user.id, campaignId: params.id, query }),
  }),
  defineRoute({
    contract: exportCampaignRecipients,
    access: { kind: 'user' },
    handler: ({ params, query, user, context, reply }) =>
      streamed(
        reply,
        exportRecipients(context.database.db, { userId: user.id, campaignId: params.id, query }),
      ),
  }),
  defineRoute({
    contract: exportCampaignSpreadsheet,
    access: { kind: 'user' },
    handler: ({ params, user, context, reply }) =>
      streamed(reply, exportCampaignFile(context.database.db, { userId: user.id, campaignId: params.id })),
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
    handler: ({ query, user, context, reply }) =>
      streamed(reply, exportScheduled(context.database.db, { userId: user.id, query })),
  }),
  defineRoute({
    contract: getScheduledCampaign,
    access: { kind: 'user' },
    handler: ({ params, user, context }) =>
      readScheduled(context.database.db, { userId: user.id, scheduledMergeId: params.id }),
  }),
  defineRoute({
    contract: exportScheduledSpreadsheet,
    access: { kind: 'user' },
    handler: ({ params, user, context, reply }) =>
      streamed(
        reply,
        exportScheduledFile(context.database.db, { userId: user.id, scheduledMergeId: params.id }),
      ),
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
