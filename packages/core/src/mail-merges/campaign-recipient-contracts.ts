import { z } from 'zod';
import { defineContract } from '../contracts/contract';
import { API_BASES } from '../contracts/api-bases';
import { csvFileSchema } from '../contracts/csv-file';
import { CAMPAIGN_RECIPIENT_STATUSES } from '../constants/domain';
import { TABLE_PAGE_SIZE } from '../constants/limits';
import { listQuerySchema } from '../list/list-params';
import { campaignIdParams } from './mail-merge-contracts';

// Apart from the other mail-merge calls: only the merge's detail dialog lists its recipients, so
// these load with the dialog, not with the Sent list's first load (bench/bundle.mjs).

const base = API_BASES.unversioned;

/** A sent merge's recipients, searched by address, in sheet order by default. */
const campaignRecipientsQuery = listQuerySchema({
  filterKeys: ['search'],
  sortKeys: ['row', 'email', 'opened', 'clicked'],
  defaultSort: { key: 'row', direction: 'asc' },
  defaultLimit: TABLE_PAGE_SIZE,
  maxLimit: 100,
});

/** One recipient of a sent merge and what they did with the message. Times in epoch milliseconds. */
export const campaignRecipientSchema = z
  .object({
    email: z.string(),
    status: z.enum(CAMPAIGN_RECIPIENT_STATUSES),
    sentTimestamp: z.number().int().nullable(),
    firstOpenTimestamp: z.number().int().nullable(),
    firstClickTimestamp: z.number().int().nullable(),
    pollAnswer: z.string().nullable(),
    unsubscribedTimestamp: z.number().int().nullable(),
    bouncedTimestamp: z.number().int().nullable(),
    respondedTimestamp: z
      .number()
      .int()
      .nullable()
      .describe("A person's first reply; automatic replies (out-of-office) never count"),
    complainedTimestamp: z
      .number()
      .int()
      .nullable()
      .describe(
        'When the recipient first reported the message as spam (an ARF report); it unsubscribes them too',
      ),
    softBounces: z
      .number()
      .int()
      .describe('Temporary failures (4.x.x) counted for this message; the third makes it a hard bounce'),
    reason: z
      .string()
      .nullable()
      .describe(
        "Why the message did not reach the recipient: a bounce's status and diagnostic, or why a FAILED or " +
          'UNKNOWN row was not (or may not have been) sent; null otherwise',
      ),
  })
  .meta({ id: 'CampaignRecipient' });

export const listCampaignRecipients = defineContract({
  method: 'GET',
  path: `${base}/users/me/campaigns/:id/recipients`,
  summary:
    "The recipients of one of the caller's sent mail merges and their activity; filterBy search (address)",
  tags: ['mail-merges'],
  params: campaignIdParams,
  query: campaignRecipientsQuery,
  response: z.object({ items: z.array(campaignRecipientSchema), total: z.number().int() }),
});

export const exportCampaignRecipients = defineContract({
  method: 'GET',
  path: `${base}/users/me/campaigns/:id/recipients/export`,
  summary:
    "The recipients' activity of one of the caller's sent mail merges as a CSV file, at most 30000 rows (CONST-010)",
  tags: ['mail-merges'],
  params: campaignIdParams,
  query: campaignRecipientsQuery.describe('filterBy and sortBy as for the list; limit is ignored'),
  response: csvFileSchema,
});
