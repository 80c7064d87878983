import {
  DATE_RANGE_VALUES,
  EXPORT_MAX_ROWS,
  type DateRange,
  type ListParams,
  type MergePoll,
} from '@mergeboard/core';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { cancelMergeOf } from '../merge-engine';
import { uploadedSheetFile } from '../spreadsheets';
import type { CsvColumn } from '../../lib/csv-export';
import { recordCsvExport } from '../../lib/record-csv-export';
import { recipientExportColumns, scheduledExportColumns, sentExportColumns } from './mail-merge-export';
import {
  countScheduled,
  deleteOwnScheduledMerge,
  findOwnCampaign,
  findOwnScheduledMerge,
  mergesOfScheduled,
  listScheduledMerges,
  listSentCampaigns,
  pollAnswersOf,
  pollResponsesOf,
  scheduledMergeBatches,
  sentCampaignBatches,
  type ScheduledFilters,
  type SentFilters,
} from './mail-merge-queries';
import {
  toCampaignRecipient,
  toScheduledCampaign,
  toSentCampaign,
  toSentCampaignDetail,
  withAnswerTexts,
  type ScheduledRow,
} from './mail-merge-rows';
import {
  pollOfCampaign,
  recipientBatches,
  selectRecipientPage,
  type RecipientFilters,
} from './recipient-queries';

type SentQuery = ListParams<'workspaceId' | 'search' | 'dateRange', 'date' | 'title' | 'sent'>;
type ScheduledQuery = ListParams<'workspaceId' | 'search', 'date' | 'title'>;
type RecipientQuery = ListParams<'search', 'row' | 'email' | 'opened' | 'clicked'>;
/** An export reads the list's filters and order; it is not paged. */
type ExportQuery<Q extends ListParams> = Pick<Q, 'filterBy' | 'sortBy'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function workspaceFilter(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!UUID.test(value)) {
    throw new AppError('validation_failed', 'filterBy workspaceId must be a space id', {
      fields: { 'querystring.filterBy': 'workspaceId must be a space id' },
    });
  }
  return value;
}

function dateRangeFilter(value: string | undefined): DateRange | undefined {
  if (value === undefined) return undefined;
  if (!(DATE_RANGE_VALUES as readonly string[]).includes(value)) {
    throw new AppError(
      'validation_failed',
      `filterBy dateRange must be one of ${DATE_RANGE_VALUES.join(', ')}`,
      {
        fields: { 'querystring.filterBy': `dateRange must be one of ${DATE_RANGE_VALUES.join(', ')}` },
      },
    );
  }
  return value as DateRange;
}

/** The scheduled lists' filters, checked: a space id, and a search term (blank is none). */
function scheduledFilters(filterBy: ScheduledQuery['filterBy']): ScheduledFilters {
  return { workspaceId: workspaceFilter(filterBy.workspaceId), search: filterBy.search?.trim() || undefined };
}

/** The sent lists' filters, checked: those of the scheduled list and a date range. */
function sentFilters(filterBy: SentQuery['filterBy']): SentFilters {
  return { ...scheduledFilters(filterBy), dateRange: dateRangeFilter(filterBy.dateRange) };
}

const notFound = () => new AppError('not_found', 'No such mail merge');

/**
 * The caller's own sent merge, else 404: the one rule for the detail, both poll calls and the
 * recipients' list and export, so someone else's merge (a space-mate's or a stranger's) looks
 * exactly like one that does not exist.
 */
async function requireOwnCampaign(db: Db, userId: string, campaignId: string) {
  const row = await findOwnCampaign(db, userId, campaignId);
  if (!row) throw notFound();
  return row;
}

/** API-048: a page of the caller's sent merges. */
export async function listSent(db: Db, options: { userId: string; query: SentQuery }) {
  const { query } = options;
  const { rows, total } = await listSentCampaigns(db, options.userId, {
    ...query,
    filterBy: sentFilters(query.filterBy),
  });
  return { items: rows.map(toSentCampaign), total };
}

/**
 * An export of the caller's merges (CONST-010, EVT-008): records it and answers the file to
 * stream. The caller builds `batches` first, which checks the filters, so a bad one answers 400
 * before anything is written or logged. `filters` go in the event's payload only (see
 * recordCsvExport).
 */
async function exportFile<Row>(
  db: Db,
  file: {
    userId: string;
    list: string;
    filters: Record<string, string>;
    columns: CsvColumn<Row>[];
    batches: AsyncIterable<readonly Row[]>;
  },
) {
  await recordCsvExport(db, { userId: file.userId, list: file.list, filters: file.filters });
  return { what: file.list, columns: file.columns, batches: file.batches };
}

/** An export's payload names the space a list was filtered by, if any. */
const spaceFilter = ({ workspaceId }: { workspaceId?: string | undefined }): Record<string, string> =>
  workspaceId ? { workspaceId } : {};

/** The sent merges' export, in the list's filters and order. */
export function exportSent(db: Db, options: { userId: string; query: ExportQuery<SentQuery> }) {
  const { userId, query } = options;
  return exportFile(db, {
    userId,
    list: 'sent_mail_merges',
    filters: spaceFilter(query.filterBy),
    columns: sentExportColumns,
    batches: sentCampaignBatches(
      db,
      userId,
      { filterBy: sentFilters(query.filterBy), sortBy: query.sortBy },
      EXPORT_MAX_ROWS,
    ),
  });
}

/** API-049: one of the caller's sent merges. */
export async function readSent(db: Db, options: { userId: string; campaignId: string }) {
  return toSentCampaignDetail(await requireOwnCampaign(db, options.userId, options.campaignId));
}

/**
 * The rows of the uploaded file a merge of the caller's read, to download as CSV: what the
 * dialogs offer instead of 'Open in Google Sheets' for a file, which has no page to open. Logged
 * like an export (EVT-008). A Google Sheet's merge, or one whose file was deleted since, is a 404.
 */
async function spreadsheetFileOf(
  db: Db,
  userId: string,
  merge: { workspaceId: string; spreadsheetId: string; sheetId: string; spreadsheetLink: string },
  filters: Record<string, string>,
) {
  if (merge.spreadsheetLink !== '')
    throw new AppError('not_found', 'This mail merge reads a Google Sheet: open it in Google Sheets');
  const file = await uploadedSheetFile(db, { userId, workspaceId: merge.workspaceId }, merge);
  if (!file) throw new AppError('not_found', 'The file of this mail merge has been deleted');
  await recordCsvExport(db, { userId, list: 'mail_merge_spreadsheet', filters });
  return { what: `${file.spreadsheetName} ${file.sheetName}`, columns: file.columns, batches: file.batches };
}

/** The uploaded file one of the caller's sent merges read, as CSV. */
export async function exportCampaignFile(db: Db, options: { userId: string; campaignId: string }) {
  const { userId, campaignId } = options;
  const campaign = await requireOwnCampaign(db, userId, campaignId);
  return spreadsheetFileOf(db, userId, campaign, { campaignId });
}

/** API-050: the poll results of one of the caller's sent merges. */
export async function readPollResults(db: Db, options: { userId: string; campaignId: string }) {
  await requireOwnCampaign(db, options.userId, options.campaignId);
  return { items: await pollAnswersOf(db, options.campaignId) };
}

/** API-051: a page of the poll responses of one of the caller's sent merges. */
export async function readPollResponses(
  db: Db,
  options: { userId: string; campaignId: string; page: { limit: number; limitOffset: number } },
) {
  await requireOwnCampaign(db, options.userId, options.campaignId);
  return pollResponsesOf(db, options.campaignId, options.page);
}

/** The recipients list's filter, checked: a part of the address (blank is none). */
const recipientFilters = (filterBy: RecipientQuery['filterBy']): RecipientFilters => ({
  search: filterBy.search?.trim() || undefined,
});

/** A page of the recipients of one of the caller's sent merges, with their activity and the total. */
export async function listRecipients(
  db: Db,
  options: { userId: string; campaignId: string; query: RecipientQuery },
) {
  const { campaignId, query } = options;
  await requireOwnCampaign(db, options.userId, campaignId);
  const [poll, { rows, total }] = await Promise.all([
    pollOfCampaign(db, campaignId),
    selectRecipientPage(db, campaignId, { ...query, filterBy: recipientFilters(query.filterBy) }),
  ]);
  return { items: withAnswerTexts(rows, poll).map(toCampaignRecipient), total };
}

/** The recipients' export of one of the caller's sent merges, in the list's filter and order. */
export async function exportRecipients(
  db: Db,
  options: { userId: string; campaignId: string; query: ExportQuery<RecipientQuery> },
) {
  const { userId, campaignId, query } = options;
  await requireOwnCampaign(db, userId, campaignId);
  const poll = await pollOfCampaign(db, campaignId);
  const batches = recipientBatches(
    db,
    campaignId,
    { filterBy: recipientFilters(query.filterBy), sortBy: query.sortBy },
    EXPORT_MAX_ROWS,
  );
  return exportFile(db, {
    userId,
    list: 'mail_merge_recipients',
    filters: { campaignId },
    columns: recipientExportColumns,
    batches: answered(batches, poll),
  });
}

/** An export's batches with their poll answers as text, read batch by batch as the file is written. */
async function* answered(
  batches: AsyncIterable<Parameters<typeof withAnswerTexts>[0]>,
  poll: MergePoll | null,
) {
  for await (const batch of batches) yield withAnswerTexts(batch, poll);
}

/** API-044: a page of the caller's scheduled merges. */
export async function listScheduled(db: Db, options: { userId: string; query: ScheduledQuery }) {
  const { query } = options;
  const { rows, total } = await listScheduledMerges(db, options.userId, {
    ...query,
    filterBy: scheduledFilters(query.filterBy),
  });
  const runs = await runsOf(db, rows);
  return { items: rows.map((row) => toScheduledCampaign(row, runs.get(row.id))), total };
}

/** The merges that scheduled rows run, by scheduled row id (their pause, for the list and export). */
async function runsOf(db: Db, rows: readonly { id: string }[]) {
  const runs = await mergesOfScheduled(
    db,
    rows.map((row) => row.id),
  );
  return new Map(runs.map((run) => [run.scheduledMergeId, run]));
}

/** Export batches of scheduled rows, each row with its merge's run (a paused one exports 'Paused'). */
async function* withRuns(db: Db, batches: AsyncIterable<readonly { merge: ScheduledRow }[]>) {
  for await (const batch of batches) {
    const runs = await runsOf(
      db,
      batch.map(({ merge }) => merge),
    );
    yield batch.map(({ merge }) => ({ merge, run: runs.get(merge.id) }));
  }
}

/** The scheduled merges' export, in the list's filters and order. */
export function exportScheduled(db: Db, options: { userId: string; query: ExportQuery<ScheduledQuery> }) {
  const { userId, query } = options;
  return exportFile(db, {
    userId,
    list: 'scheduled_mail_merges',
    filters: spaceFilter(query.filterBy),
    columns: scheduledExportColumns,
    batches: withRuns(
      db,
      scheduledMergeBatches(
        db,
        userId,
        { filterBy: scheduledFilters(query.filterBy), sortBy: query.sortBy },
        EXPORT_MAX_ROWS,
      ),
    ),
  });
}

/** API-045: one of the caller's scheduled merges. */
export async function readScheduled(db: Db, options: { userId: string; scheduledMergeId: string }) {
  const row = await findOwnScheduledMerge(db, options.userId, options.scheduledMergeId);
  if (!row) throw notFound();
  const [run] = await mergesOfScheduled(db, [row.id]);
  return toScheduledCampaign(row, run);
}

/** The uploaded file one of the caller's scheduled merges reads, as CSV. */
export async function exportScheduledFile(db: Db, options: { userId: string; scheduledMergeId: string }) {
  const { userId, scheduledMergeId } = options;
  const row = await findOwnScheduledMerge(db, userId, scheduledMergeId);
  if (!row) throw notFound();
  return spreadsheetFileOf(db, userId, row, { scheduledMergeId });
}

/** API-046: cancels one of the caller's scheduled merges, with its audit event, in one transaction. */
export async function cancelScheduled(db: Db, options: { userId: string; scheduledMergeId: string }) {
  const { userId } = options;
  await db.transaction(async (tx) => {
    const row = await findOwnScheduledMerge(tx, userId, options.scheduledMergeId);
    if (!row) throw notFound();
    // The merge stops first: its workers claim nothing more and finish the batch they are sending.
    await cancelMergeOf(tx, row.id);
    if (!(await deleteOwnScheduledMerge(tx, userId, row.id))) throw notFound();
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
}

/** API-047: how many of the caller's merges are scheduled in a space. */
export async function countScheduledInSpace(db: Db, options: { userId: string; workspaceId: string }) {
  return { campaignCount: await countScheduled(db, options.userId, options.workspaceId) };
}
