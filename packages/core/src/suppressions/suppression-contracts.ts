import { z } from 'zod';
import { defineContract } from '../contracts/contract';
import { API_BASES } from '../contracts/api-bases';
import { csvFileSchema } from '../contracts/csv-file';
import { text } from '../contracts/text';
import { SUPPRESSION_TYPES } from '../constants/domain';
import { TABLE_PAGE_SIZE } from '../constants/limits';
import { listQuerySchema } from '../list/list-params';
import { INVALID_EMAIL_MESSAGE, SUPPRESSION_ADD_MAX, isValidEmail } from './suppression-rules';

const base = API_BASES.unversioned;
/** The largest page a suppression list call answers. */
const SUPPRESSION_LIST_MAX_LIMIT = 100;
/** Longest accepted search term; longer ones are a 400, not a slow query. */
const SUPPRESSION_SEARCH_MAX_LENGTH = 254;

const workspaceIdSchema = z.uuid('workspaceId must be a space id');
const workspaceParams = z.object({ workspaceId: workspaceIdSchema });
const deleteParams = z.object({
  workspaceId: workspaceIdSchema,
  emailAddress: text()
    .trim()
    .toLowerCase()
    .refine(isValidEmail, INVALID_EMAIL_MESSAGE)
    .describe('URI-encoded in the path (API-057)'),
});

const addBody = z.object({
  emailAddresses: z
    .array(text().trim().toLowerCase().refine(isValidEmail, INVALID_EMAIL_MESSAGE))
    .min(1, 'emailAddresses are required')
    .max(SUPPRESSION_ADD_MAX, `At most ${SUPPRESSION_ADD_MAX} email addresses at once`),
  workspaceId: workspaceIdSchema,
});

const addResponse = z.object({
  updated: z.number().int().describe('How many addresses were newly added; 0 when all were already listed'),
});
const deleteResponse = z.object({ deleted: z.literal(true) });

/** A search longer than the limit is refused (filterBy carries the URI-encoded search term). */
function withSearchLimit<S extends z.ZodType<{ filterBy: { search?: string } }>>(schema: S) {
  return schema.superRefine((value, ctx) => {
    if ((value.filterBy.search?.length ?? 0) > SUPPRESSION_SEARCH_MAX_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        path: ['filterBy'],
        message: `search must be at most ${SUPPRESSION_SEARCH_MAX_LENGTH} characters`,
      });
    }
  });
}

export const UNSUBSCRIPTION_SORT_KEYS = ['email', 'unsubscriptionTime'] as const;
export const BOUNCE_SORT_KEYS = ['email', 'bounceTime', 'type'] as const;

const unsubscriptionListQuerySchema = withSearchLimit(
  listQuerySchema({
    filterKeys: ['search'],
    sortKeys: UNSUBSCRIPTION_SORT_KEYS,
    // UNSUB-012: email ascending by default.
    defaultSort: { key: 'email', direction: 'asc' },
    defaultLimit: TABLE_PAGE_SIZE,
    maxLimit: SUPPRESSION_LIST_MAX_LIMIT,
  }),
);

const bounceListQuerySchema = withSearchLimit(
  listQuerySchema({
    filterKeys: ['search'],
    sortKeys: BOUNCE_SORT_KEYS,
    defaultSort: { key: 'bounceTime', direction: 'desc' },
    defaultLimit: TABLE_PAGE_SIZE,
    maxLimit: SUPPRESSION_LIST_MAX_LIMIT,
  }),
);

/** UNSUB-011 / BOUNCE-010: one entry of either list as the caller sees it. */
export const suppressionItemSchema = z
  .object({
    emailAddress: z.string(),
    type: z.enum(SUPPRESSION_TYPES),
    createTimestamp: z.number().int().describe('Milliseconds since the epoch'),
    lastUpdateTimestamp: z.number().int().describe('Milliseconds since the epoch'),
    deletable: z.boolean().describe('UNSUB-016 / BOUNCE-014: false for a MEMBER on a shared WORKSPACE entry'),
  })
  .meta({ id: 'SuppressionItem' });
export type SuppressionItem = z.infer<typeof suppressionItemSchema>;

const listResponse = z.object({ items: z.array(suppressionItemSchema), total: z.number().int() });
export type SuppressionList = z.infer<typeof listResponse>;

export const listUnsubscriptions = defineContract({
  method: 'GET',
  path: `${base}/users/me/workspaces/:workspaceId/unsubscriptions`,
  summary: 'The unsubscriptions the caller sees in a space (API-052)',
  tags: ['suppressions'],
  params: workspaceParams,
  query: unsubscriptionListQuerySchema,
  response: listResponse,
});

export const addUnsubscriptions = defineContract({
  method: 'POST',
  path: `${base}/users/workspace-activation-add-unsubscriptions/me`,
  summary: 'Unsubscribe addresses by hand (API-053); answers how many were newly added',
  tags: ['suppressions'],
  body: addBody,
  response: addResponse,
});

export const deleteUnsubscription = defineContract({
  method: 'DELETE',
  path: `${base}/users/workspace-activation-delete-unsubscriptions/me/:workspaceId/:emailAddress`,
  summary: 'Remove one unsubscription (API-054)',
  tags: ['suppressions'],
  params: deleteParams,
  response: deleteResponse,
});

export const exportUnsubscriptions = defineContract({
  method: 'GET',
  path: `${base}/users/me/workspaces/:workspaceId/unsubscriptions/export`,
  summary: 'The unsubscriptions the caller sees as a CSV file, at most 30000 rows (CONST-010)',
  tags: ['suppressions'],
  params: workspaceParams,
  query: unsubscriptionListQuerySchema.describe('filterBy and sortBy as for the list; limit is ignored'),
  response: csvFileSchema,
});

export const listBounces = defineContract({
  method: 'GET',
  path: `${base}/users/me/workspaces/:workspaceId/bounces`,
  summary: 'The bounces the caller sees in a space (API-055)',
  tags: ['suppressions'],
  params: workspaceParams,
  query: bounceListQuerySchema,
  response: listResponse,
});

export const addBounces = defineContract({
  method: 'POST',
  path: `${base}/users/workspace-activation-add-bounces/me`,
  summary: 'Add addresses to the bounce list by hand (API-056); answers how many were newly added',
  tags: ['suppressions'],
  body: addBody,
  response: addResponse,
});

export const deleteBounce = defineContract({
  method: 'DELETE',
  path: `${base}/users/workspace-activation-delete-bounces/me/:workspaceId/:emailAddress`,
  summary: 'Remove one bounce (API-057); the address is URI-encoded in the path',
  tags: ['suppressions'],
  params: deleteParams,
  response: deleteResponse,
});

export const exportBounces = defineContract({
  method: 'GET',
  path: `${base}/users/me/workspaces/:workspaceId/bounces/export`,
  summary: 'The bounces the caller sees as a CSV file, at most 30000 rows (BOUNCE-011)',
  tags: ['suppressions'],
  params: workspaceParams,
  query: bounceListQuerySchema.describe('filterBy and sortBy as for the list; limit is ignored'),
  response: csvFileSchema,
});
