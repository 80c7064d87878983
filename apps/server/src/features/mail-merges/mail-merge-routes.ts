import {
  cancelScheduledCampaign,
  countScheduledCampaigns,
  EXPORT_MAX_ROWS,
  exportScheduledCampaigns,
  exportSentCampaigns,
  getPollResponses,
  getPollResults,
  getScheduledCampaign,
  getSentCampaign,
  listScheduledCampaigns,
  listSentCampaigns,
  nextDelivery,
  spaceAccess,
} from '@mergeboard/core';
import type { campaigns, scheduledMerges } from '../../db/schema';
import type { Db } from '../../db/client';
import { analyticsEvents, auditEvents } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { defineRoute } from '../../http/route';
import { streamCsv, type CsvColumn } from '../../lib/csv-export';
import {
  countScheduled,
  deleteOwnScheduledMerge,
  findOwnCampaign,
  findOwnScheduledMerge,
  listScheduledMerges,
  listSentCampaigns as listSent,
  pollAnswersOf,
  pollResponsesOf,
  scheduledMergeBatches,
  sentCampaignBatches,
} from './mail-merge-queries';

type CampaignRow = typeof campaigns.$inferSelect;
type ScheduledRow = typeof scheduledMerges.$inferSelect;

function toSentCampaign(row: CampaignRow) {
  return {
    id: row.id,
    campaignId: row.id,
    title: row.title,
    createTimestamp: row.createdAt.getTime(),
    lastUpdateTimestamp: row.updatedAt.getTime(),
    lastEmailSentTimestamp: row.lastEmailSentAt.getTime(),
    spreadsheetLink: row.spreadsheetLink,
    trackingInfos: {
      sent: row.sentCount,
      opened: row.openedCount,
      clicked: row.clickedCount,
      bounced: row.bouncedCount,
    },
  };
}

function toScheduledCampaign(row: ScheduledRow) {
  return {
    id: `${row.spreadsheetId}-${row.sheetId}`,
    scheduledMergeId: row.id,
    workspaceId: row.workspaceId,
    spreadsheetId: row.spreadsheetId,
    sheetId: row.sheetId,
    sheetName: row.sheetName,
    spreadsheetName: row.spreadsheetName,
    title: row.title,
    spreadsheetLink: `https://docs.google.com/spreadsheets/d/${row.spreadsheetId}/edit#gid=${row.sheetId}`,
    mergeTime: row.mergeTime?.getTime() ?? null,
    createdTime: row.createdAt.getTime(),
    numberOfEmailsSent: row.sentCount,
    numberOfEmailsToSend: row.toSendCount,
    status: row.status,
    error: row.error,
    errorDetails: row.errorDetails,
    recoverableErrorRetries: row.recoverableErrorRetries,
    recoverableErrorLastRetryTimestamp: row.recoverableErrorLastRetryAt?.getTime() ?? null,
  };
}

const sentExportColumns: CsvColumn<{ campaign: CampaignRow }>[] = [
  { header: 'title', value: ({ campaign }) => campaign.title },
  { header: 'lastEmailSent', value: ({ campaign }) => campaign.lastEmailSentAt },
  { header: 'sent', value: ({ campaign }) => campaign.sentCount },
  { header: 'opened', value: ({ campaign }) => campaign.openedCount },
  { header: 'clicked', value: ({ campaign }) => campaign.clickedCount },
  { header: 'bounced', value: ({ campaign }) => campaign.bouncedCount },
  { header: 'unsubscribed', value: ({ campaign }) => campaign.unsubscribedCount },
  { header: 'responded', value: ({ campaign }) => campaign.respondedCount },
  { header: 'spreadsheetLink', value: ({ campaign }) => campaign.spreadsheetLink },
];

const scheduledExportColumns: CsvColumn<{ merge: ScheduledRow }>[] = [
  { header: 'title', value: ({ merge }) => merge.title },
  { header: 'status', value: ({ merge }) => merge.status },
  { header: 'nextRun', value: ({ merge }) => nextRunCell(toScheduledCampaign(merge)) },
  { header: 'createdTime', value: ({ merge }) => merge.createdAt },
  { header: 'emailsSent', value: ({ merge }) => merge.sentCount },
  { header: 'emailsToSend', value: ({ merge }) => merge.toSendCount },
  { header: 'error', value: ({ merge }) => merge.error },
  { header: 'spreadsheetLink', value: ({ merge }) => toScheduledCampaign(merge).spreadsheetLink },
];

/** MM-028: the next run or attempt, 'Upon quota reset', or empty for a merge an error stopped. */
function nextRunCell(merge: Parameters<typeof nextDelivery>[0]): Date | string {
  const next = nextDelivery(merge);
  if (next.kind === 'quota-reset') return 'Upon quota reset';
  return next.kind === 'at' ? new Date(next.timestamp) : '';
}

/** EVT-008: every export is logged as csv_export (the space filter, when given, goes in the payload). */
async function recordCsvExport(db: Db, userId: string, list: string, workspaceId: string | undefined) {
  await db.insert(analyticsEvents).values({
    eventType: 'csv_export',
    userId,
    payload: { list, ...(workspaceId ? { workspaceId } : {}) },
  });
}

const notFound = () => new AppError('not_found', 'No such mail merge');

/**
 * The caller's own sent merge, else 404: the one rule for the detail and both poll calls, so
 * someone else's merge (a space-mate's or a stranger's) looks exactly like one that does not exist.
 */
async function requireOwnCampaign(db: Db, userId: string, campaignId: string) {
  const row = await findOwnCampaign(db, userId, campaignId);
  if (!row) throw notFound();
  return row;
}

export const mailMergeRoutes = [
  defineRoute({
    contract: listSentCampaigns,
    access: { kind: 'user' },
    handler: async ({ query, user, context }) => {
      const { rows, total } = await listSent(context.database.db, user.id, query);
      return { items: rows.map(toSentCampaign), total };
    },
  }),
  defineRoute({
    contract: exportSentCampaigns,
    access: { kind: 'user' },
    handler: async ({ query, user, context, reply }) => {
      const db = context.database.db;
      // Built first, so a bad filter answers 400 before anything is written or logged.
      const batches = sentCampaignBatches(db, user.id, query, EXPORT_MAX_ROWS);
      await recordCsvExport(db, user.id, 'sent_mail_merges', query.filterBy.workspaceId);
      return (await streamCsv(reply, {
        what: 'sent_mail_merges',
        columns: sentExportColumns,
        batches,
      })) as never as string;
    },
  }),
  defineRoute({
    contract: getSentCampaign,
    access: { kind: 'user' },
    handler: async ({ params, user, context }) => {
      const row = await requireOwnCampaign(context.database.db, user.id, params.id);
      return {
        ...toSentCampaign(row),
        emailSubject: row.emailSubject,
        mergeSourceSheetKey: row.mergeSourceSheetKey,
        trackingInfos: {
          ...toSentCampaign(row).trackingInfos,
          unsubscribed: row.unsubscribedCount,
          responded: row.respondedCount,
        },
      };
    },
  }),
  defineRoute({
    contract: getPollResults,
    access: { kind: 'user' },
    handler: async ({ params, user, context }) => {
      await requireOwnCampaign(context.database.db, user.id, params.id);
      return { items: await pollAnswersOf(context.database.db, params.id) };
    },
  }),
  defineRoute({
    contract: getPollResponses,
    access: { kind: 'user' },
    handler: async ({ params, query, user, context }) => {
      await requireOwnCampaign(context.database.db, user.id, params.id);
      return pollResponsesOf(context.database.db, params.id, query);
    },
  }),
  defineRoute({
    contract: listScheduledCampaigns,
    access: { kind: 'user' },
    handler: async ({ query, user, context }) => {
      const { rows, total } = await listScheduledMerges(context.database.db, user.id, query);
      return { items: rows.map(toScheduledCampaign), total };
    },
  }),
  defineRoute({
    contract: exportScheduledCampaigns,
    access: { kind: 'user' },
    handler: async ({ query, user, context, reply }) => {
      const db = context.database.db;
      const batches = scheduledMergeBatches(db, user.id, query, EXPORT_MAX_ROWS);
      await recordCsvExport(db, user.id, 'scheduled_mail_merges', query.filterBy.workspaceId);
      return (await streamCsv(reply, {
        what: 'scheduled_mail_merges',
        columns: scheduledExportColumns,
        batches,
      })) as never as string;
    },
  }),
  defineRoute({
    contract: getScheduledCampaign,
    access: { kind: 'user' },
    handler: async ({ params, user, context }) => {
      const row = await findOwnScheduledMerge(context.database.db, user.id, params.id);
      if (!row) throw notFound();
      return toScheduledCampaign(row);
    },
  }),
  defineRoute({
    contract: cancelScheduledCampaign,
    access: { kind: 'user' },
    handler: async ({ params, user, context }) => {
      const userId = user.id;
      await context.database.db.transaction(async (tx) => {
        const row = await findOwnScheduledMerge(tx, userId, params.scheduledMergeId);
        if (!row || !(await deleteOwnScheduledMerge(tx, userId, row.id))) throw notFound();
        await tx.insert(auditEvents).values({
          workspaceId: row.workspaceId,
          actorUserId: userId,
          action: 'scheduled_merge.canceled',
          targetType: 'scheduled_merge',
          targetId: row.id,
          data: { title: row.title },
        });
      });
      return { canceled: true } as const;
    },
  }),
  defineRoute({
    contract: countScheduledCampaigns,
    access: spaceAccess('canAccessWorkspace', { in: 'params', name: 'workspaceId' }),
    handler: async ({ user, space, context }) => ({
      campaignCount: await countScheduled(context.database.db, user.id, space.workspace.id),
    }),
  }),
];
