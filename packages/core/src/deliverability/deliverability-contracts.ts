import { z } from 'zod';
import { API_BASES } from '../contracts/api-bases';
import { workspaceIdParams } from '../contracts/common-params';
import { defineContract } from '../contracts/contract';
import { MERGE_PAUSE_REASONS } from '../constants/domain';
import { sendingDomainCheckSchema } from '../merge-engine/send-guard-contracts';

const base = API_BASES.v1;

/** The daily series' length in UTC days (today included), the longer window, and how far back bounce reasons are read. */
export const DELIVERABILITY_SERIES_DAYS = 30;
/** The shorter window of rates, in UTC days (today included). */
export const DELIVERABILITY_SHORT_WINDOW_DAYS = 7;
/** How many bounce reasons and self-paused merges the page lists at most. */
export const TOP_BOUNCE_REASONS = 10;
export const PAUSED_MERGES_LISTED = 50;

const rate = z
  .number()
  .nullable()
  .describe('A fraction of the messages sent (0.001 = 0.1 %); null when none was sent');

/**
 * What happened to the messages sent in a span of days, counted by the day each was sent: of
 * those, how many hard-bounced, drew a spam complaint, or were unsubscribed from.
 */
export const deliverabilityFiguresSchema = z
  .object({
    sent: z.number().int(),
    hardBounced: z.number().int(),
    complained: z.number().int(),
    unsubscribed: z.number().int(),
    hardBounceRate: rate,
    complaintRate: rate,
    unsubscribeRate: rate,
  })
  .meta({ id: 'DeliverabilityFigures' });
export type DeliverabilityFigures = z.infer<typeof deliverabilityFiguresSchema>;

const windowsSchema = z.object({
  last7Days: deliverabilityFiguresSchema,
  last30Days: deliverabilityFiguresSchema,
});

export const deliverabilityDaySchema = deliverabilityFiguresSchema
  .extend({ day: z.string().describe('A UTC day, YYYY-MM-DD: the messages sent that day') })
  .meta({ id: 'DeliverabilityDay' });
export type DeliverabilityDay = z.infer<typeof deliverabilityDaySchema>;

export const deliverabilitySenderSchema = windowsSchema
  .extend({ userId: z.string(), name: z.string(), email: z.string() })
  .meta({ id: 'DeliverabilitySender' });
export type DeliverabilitySender = z.infer<typeof deliverabilitySenderSchema>;

export const sendingDomainStatusSchema = z
  .object({
    domain: z.string(),
    check: sendingDomainCheckSchema.nullable().describe('The last pre-flight check; null when never checked'),
  })
  .meta({ id: 'SendingDomainStatus' });
export type SendingDomainStatus = z.infer<typeof sendingDomainStatusSchema>;

export const bounceReasonSchema = z
  .object({ reason: z.string(), count: z.number().int() })
  .meta({ id: 'BounceReason' });
export type BounceReason = z.infer<typeof bounceReasonSchema>;

export const selfPausedMergeSchema = z
  .object({
    mergeId: z.string(),
    scheduledMergeId: z.string().nullable(),
    title: z.string(),
    sender: z.object({ userId: z.string(), name: z.string(), email: z.string() }),
    reason: z.enum(MERGE_PAUSE_REASONS),
    details: z.string().nullable(),
    pausedAt: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'SelfPausedMerge' });
export type SelfPausedMerge = z.infer<typeof selfPausedMergeSchema>;

export const deliverabilitySchema = z
  .object({
    scope: z
      .enum(['space', 'own'])
      .describe("space: an owner's or admin's view of every sender; own: a member's own figures only"),
    domains: z.array(sendingDomainStatusSchema),
    totals: windowsSchema.describe("The space's (scope space) or the caller's own (scope own)"),
    senders: z.array(deliverabilitySenderSchema).describe('Senders with messages sent in the last 30 days'),
    daily: z.array(deliverabilityDaySchema).describe('The last 30 UTC days, oldest first, every day present'),
    bounceReasons: z
      .array(bounceReasonSchema)
      .describe('The commonest reasons of hard bounces of messages sent in the last 30 days'),
    pausedMerges: z
      .array(selfPausedMergeSchema)
      .describe('Merges paused by the circuit breaker, latest first'),
  })
  .meta({ id: 'Deliverability' });
export type Deliverability = z.infer<typeof deliverabilitySchema>;

export const getDeliverability = defineContract({
  method: 'GET',
  path: `${base}/workspaces/:id/deliverability`,
  summary:
    "A space's deliverability: sending domains' checks, bounce, complaint and unsubscribe rates (owners and admins: every sender's; members: their own), bounce reasons and self-paused merges",
  tags: ['deliverability'],
  params: workspaceIdParams,
  response: deliverabilitySchema,
});
