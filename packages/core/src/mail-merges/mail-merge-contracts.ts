import { z } from 'zod';
import { defineContract } from '../contracts/contract';
import { API_BASES } from '../contracts/api-bases';
import { csvFileSchema } from '../contracts/csv-file';
import { SCHEDULED_MERGE_STATUSES, SPREADSHEET_SOURCES } from '../constants/domain';
import { DATE_RANGE_OPTIONS, TABLE_PAGE_SIZE } from '../constants/limits';
import { listQuerySchema } from '../list/list-params';
import { mergePauseSchema } from '../merge-engine/merge-pause-schema';

const base = API_BASES.unversioned;
export const campaignIdParams = z.object({ id: z.uuid('id must be a campaign id') });

/** Sent lists filter by space, search in the title, and one of the date filter options. */
const campaignListQuery = listQuerySchema({
  filterKeys: ['workspaceId', 'search', 'dateRange'],
  sortKeys: ['date', 'title', 'sent'],
  defaultSort: { key: 'date', direction: 'desc' },
  defaultLimit: TABLE_PAGE_SIZE,
  maxLimit: 100,
});

export const DATE_RANGE_VALUES = DATE_RANGE_OPTIONS.map((option) => option.value);

const trackingInfos = z.object({
  sent: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
  bounced: z.number().int(),
});

/** MM-013: a sent campaign in a list. */
export const sentCampaignSchema = z
  .object({
    id: z.string(),
    campaignId: z.string(),
    title: z.string(),
    createTimestamp: z.number().int(),
    lastUpdateTimestamp: z.number().int(),
    lastEmailSentTimestamp: z.number().int(),
    spreadsheetLink: z.string(),
    trackingInfos,
  })
  .meta({ id: 'SentCampaign' });

/**
 * Where a merge's rows came from: a linked Google Sheet (spreadsheetLink opens it) or an uploaded
 * file, which has no page to open (spreadsheetLink is empty): its rows download as CSV instead.
 */
const spreadsheetSource = z
  .enum(SPREADSHEET_SOURCES)
  .describe('GOOGLE_SHEETS: spreadsheetLink opens it; UPLOAD: no link, the rows download as CSV');

/**
 * MM-016: the detail adds the subject (null when sent by someone else), sheet key, unsubscribed,
 * responded; and, ours, complained.
 */
export const campaignDetailSchema = sentCampaignSchema
  .extend({
    emailSubject: z.string().nullable(),
    mergeSourceSheetKey: z.string(),
    spreadsheetName: z.string(),
    spreadsheetSource,
    trackingInfos: trackingInfos.extend({
      unsubscribed: z.number().int(),
      responded: z.number().int(),
      // Ours: the spec's trackingInfos has no spam complaints; the merge's health needs them.
      complained: z
        .number()
        .int()
        .describe('Recipients who reported the message as spam (ARF reports); each is unsubscribed too'),
    }),
    machineHits: z
      .object({ opened: z.number().int(), clicked: z.number().int() })
      .describe('Opens and clicks by mail scanners and prefetchers: hits, not counted in trackingInfos'),
  })
  .meta({ id: 'CampaignDetail' });

export const listSentCampaigns = defineContract({
  method: 'GET',
  path: `${base}/users/me/campaigns`,
  summary: "The caller's sent mail merges (API-048); filterBy workspaceId, search (title), dateRange",
  tags: ['mail-merges'],
  query: campaignListQuery,
  response: z.object({ items: z.array(sentCampaignSchema), total: z.number().int() }),
});

export const exportSentCampaigns = defineContract({
  method: 'GET',
  path: `${base}/users/me/campaigns/export`,
  summary: "The caller's sent mail merges as a CSV file, at most 30000 rows (CONST-010, EVT-008)",
  tags: ['mail-merges'],
  query: campaignListQuery.describe('filterBy and sortBy as for the list; limit is ignored'),
  response: csvFileSchema,
});

export const getSentCampaign = defineContract({
  method: 'GET',
  path: `${base}/users/me/campaigns/:id`,
  summary: "One of the caller's sent mail merges (API-049)",
  tags: ['mail-merges'],
  params: campaignIdParams,
  response: campaignDetailSchema,
});

/** The rows a merge read from an uploaded file: its header, then every row, as CSV. */
const spreadsheetFileSummary = (which: string) =>
  `The rows of the uploaded file ${which} read, as a CSV file (its header, then its rows; cells that ` +
  "a spreadsheet would read as a formula start with '); 404 for a Google Sheet or a deleted file";

export const exportCampaignSpreadsheet = defineContract({
  method: 'GET',
  path: `${base}/users/me/campaigns/:id/spreadsheet/export`,
  summary: spreadsheetFileSummary("one of the caller's sent mail merges"),
  tags: ['mail-merges'],
  params: campaignIdParams,
  response: csvFileSchema,
});

export const getPollResults = defineContract({
  method: 'GET',
  path: `${base}/users/me/campaigns/:id/pollResults`,
  summary: 'Answers to the poll of a sent mail merge (API-050)',
  tags: ['mail-merges'],
  params: campaignIdParams,
  response: z.object({ items: z.array(z.object({ info: z.string(), count: z.number().int() })) }),
});

/** API-051: the most individual poll answers one pollResponses call returns (and its default page). */
export const POLL_RESPONSES_MAX_LIMIT = 1000;

/** A whole number from the query string, between min and max, with a message naming the parameter. */
const wholeNumberParam = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(
      z.number().int().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`),
    );

export const getPollResponses = defineContract({
  method: 'GET',
  path: `${base}/users/me/campaigns/:id/pollResponses`,
  summary:
    'The individual answers to the poll of a sent mail merge, one item per response (API-051); ' +
    `the fallback when pollResults fails. Paged: limit (1 to ${POLL_RESPONSES_MAX_LIMIT}, default ` +
    `${POLL_RESPONSES_MAX_LIMIT}) and limitOffset; total counts every response. Answers are ` +
    'interleaved in proportion to their counts, so any first page shows the same shares as the whole.',
  tags: ['mail-merges'],
  params: campaignIdParams,
  query: z.object({
    limit: wholeNumberParam('limit', 1, POLL_RESPONSES_MAX_LIMIT).default(POLL_RESPONSES_MAX_LIMIT),
    limitOffset: wholeNumberParam('limitOffset', 0, Number.MAX_SAFE_INTEGER).default(0),
  }),
  response: z.object({
    items: z.array(z.object({ value: z.string().describe('The answer one recipient chose') })),
    total: z.number().int().describe('Every response to the poll, across all pages'),
  }),
});

/** MM-019: a scheduled merge. */
export const scheduledCampaignSchema = z
  .object({
    id: z.string().describe('The sheet key: spreadsheet id and sheet id joined by a dash'),
    scheduledMergeId: z.string(),
    workspaceId: z.string(),
    spreadsheetId: z.string(),
    sheetId: z.string(),
    sheetName: z.string(),
    spreadsheetName: z.string(),
    title: z.string(),
    spreadsheetLink: z.string(),
    spreadsheetSource,
    mergeTime: z.number().int().nullable().describe('Next run; null while waiting for the quota'),
    createdTime: z.number().int(),
    numberOfEmailsSent: z.number().int(),
    numberOfEmailsToSend: z.number().int(),
    status: z.enum(SCHEDULED_MERGE_STATUSES),
    error: z.string().nullable(),
    errorDetails: z.string().nullable(),
    recoverableErrorRetries: z.number().int(),
    recoverableErrorLastRetryTimestamp: z.number().int().nullable(),
    mergeId: z.string().nullable().describe('The merge it runs, for its pause, resume and bounces'),
    pause: mergePauseSchema
      .nullable()
      .describe("Set while its merge is PAUSED (the send guard's circuit breaker, or by hand)"),
  })
  .meta({ id: 'ScheduledCampaign' });

/** Scheduled lists filter by space and search in the title. */
const scheduledListQuery = listQuerySchema({
  filterKeys: ['workspaceId', 'search'],
  sortKeys: ['date', 'title'],
  defaultSort: { key: 'date', direction: 'desc' },
  defaultLimit: TABLE_PAGE_SIZE,
  maxLimit: 100,
});

export const listScheduledCampaigns = defineContract({
  method: 'GET',
  path: `${base}/users/me/scheduled-campaigns`,
  summary: "The caller's scheduled mail merges (API-044); filterBy workspaceId, search",
  tags: ['mail-merges'],
  query: scheduledListQuery,
  response: z.object({ items: z.array(scheduledCampaignSchema), total: z.number().int() }),
});

export const exportScheduledCampaigns = defineContract({
  method: 'GET',
  path: `${base}/users/me/scheduled-campaigns/export`,
  summary: "The caller's scheduled mail merges as a CSV file, at most 30000 rows (CONST-010, EVT-008)",
  tags: ['mail-merges'],
  query: scheduledListQuery.describe('filterBy and sortBy as for the list; limit is ignored'),
  response: csvFileSchema,
});

export const getScheduledCampaign = defineContract({
  method: 'GET',
  path: `${base}/users/me/scheduled-campaigns/:id`,
  summary: "One of the caller's scheduled mail merges (API-045), by its id",
  tags: ['mail-merges'],
  params: z.object({ id: z.uuid('id must be a scheduled merge id') }),
  response: scheduledCampaignSchema,
});

export const exportScheduledSpreadsheet = defineContract({
  method: 'GET',
  path: `${base}/users/me/scheduled-campaigns/:id/spreadsheet/export`,
  summary: spreadsheetFileSummary("one of the caller's scheduled mail merges"),
  tags: ['mail-merges'],
  params: z.object({ id: z.uuid('id must be a scheduled merge id') }),
  response: csvFileSchema,
});

export const cancelScheduledCampaign = defineContract({
  method: 'DELETE',
  path: `${base}/users/me/scheduledCampaigns/:scheduledMergeId`,
  summary: "Cancel one of the caller's scheduled mail merges (API-046)",
  tags: ['mail-merges'],
  params: z.object({ scheduledMergeId: z.uuid('scheduledMergeId must be a scheduled merge id') }),
  response: z.object({ canceled: z.literal(true) }),
});

export const countScheduledCampaigns = defineContract({
  method: 'GET',
  path: `${base}/users/me/workspaces/:workspaceId/campaigns/count`,
  summary: 'How many mail merges the caller has scheduled in a space (API-047)',
  tags: ['mail-merges'],
  params: z.object({ workspaceId: z.uuid('workspaceId must be a space id') }),
  query: z.object({ isScheduled: z.literal('true', 'isScheduled=true is the only count available') }),
  response: z.object({ campaignCount: z.number().int() }),
});
