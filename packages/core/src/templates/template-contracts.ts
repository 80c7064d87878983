import { z } from 'zod';
import { API_BASES } from '../contracts/api-bases';
import { defineContract } from '../contracts/contract';

const base = API_BASES.unversioned;

/** TPL-010: a template of the gallery. */
export const templateSchema = z
  .object({
    id: z.string(),
    subject: z.string(),
    thumbnail: z.string().describe('Image URL of the card'),
    preview: z.string().describe('The message body (HTML) shown by the preview dialog'),
    order: z.number().int(),
  })
  .meta({ id: 'Template' });
export type Template = z.infer<typeof templateSchema>;

export const DRAFT_SOURCES = ['GALLERY'] as const;
/**
 * Where a draft lives: MERGEBOARD in the embedded shape (no Google sign-in configured, the draft is
 * stored by Mergeboard and readable through getDraft), GMAIL once drafts are created in the mailbox.
 */
export const DRAFT_PROVIDERS = ['MERGEBOARD', 'GMAIL'] as const;
export type DraftProvider = (typeof DRAFT_PROVIDERS)[number];

export const listTemplates = defineContract({
  method: 'GET',
  path: `${base}/templates`,
  summary: 'The template gallery by ascending order (API-060)',
  tags: ['templates'],
  response: z.object({ items: z.array(templateSchema) }),
});

export const createDraft = defineContract({
  method: 'POST',
  path: `${base}/users/:userId/drafts`,
  summary:
    'Create a mail draft from a template (API-061); userId must be the caller. 403 compose_permission_required ' +
    '(COMPOSE_PERMISSION_REQUIRED) when the caller has not granted the mail compose scope (TPL-004)',
  tags: ['templates'],
  params: z.object({ userId: z.uuid('userId must be a user id') }),
  body: z.object({
    fromTemplate: z.uuid('fromTemplate must be a template id'),
    source: z.enum(DRAFT_SOURCES),
  }),
  response: z.object({ messageId: z.string(), provider: z.enum(DRAFT_PROVIDERS) }),
  successStatus: 201,
});

export const getDraft = defineContract({
  method: 'GET',
  path: `${base}/users/:userId/drafts/:draftId`,
  summary: 'A draft stored by Mergeboard (embedded shape, no mail provider); userId must be the caller',
  tags: ['templates'],
  params: z.object({
    userId: z.uuid('userId must be a user id'),
    draftId: z.uuid('draftId must be a draft id'),
  }),
  response: z
    .object({
      messageId: z.string(),
      templateId: z.string().nullable(),
      subject: z.string(),
      body: z.string(),
      createTimestamp: z.number().int(),
    })
    .meta({ id: 'StoredDraft' }),
});
