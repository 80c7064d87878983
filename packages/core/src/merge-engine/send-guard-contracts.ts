import { z } from 'zod';
import { defineContract } from '../contracts/contract';
import { API_BASES } from '../contracts/api-bases';
import { DOMAIN_CHECK_OUTCOMES, MERGE_PAUSE_REASONS, MERGE_STATUSES } from '../constants/domain';

const base = API_BASES.v1;

/** A TXT record the domain's owner should publish, ready to copy. */
export const dnsRecordToPublishSchema = z
  .object({ type: z.literal('TXT'), name: z.string(), value: z.string() })
  .meta({ id: 'DnsRecordToPublish' });

/** One of SPF, DKIM and DMARC for a sending domain: what was found, in words, and what to publish. */
export const domainRecordCheckSchema = z
  .object({
    status: z.enum(['pass', 'fail', 'missing', 'unchecked']),
    detail: z.string().describe('What was found, in a sentence'),
    publish: dnsRecordToPublishSchema.nullable().describe('The record that would make this pass'),
  })
  .meta({ id: 'DomainRecordCheck' });

/** The pre-flight check of a sending domain (issue 26): SPF for the sending host, DKIM, DMARC. */
export const sendingDomainCheckSchema = z
  .object({
    domain: z.string(),
    outcome: z.enum(DOMAIN_CHECK_OUTCOMES),
    checkedAt: z.string().describe('ISO 8601'),
    sendingHost: z.string().describe('The address SPF was checked for'),
    spf: domainRecordCheckSchema,
    dkim: domainRecordCheckSchema,
    dmarc: domainRecordCheckSchema,
  })
  .meta({ id: 'SendingDomainCheck' });
export type SendingDomainCheck = z.infer<typeof sendingDomainCheckSchema>;

/** Why and since when a merge is PAUSED; null while it is not. */
export const mergePauseSchema = z
  .object({
    reason: z.enum(MERGE_PAUSE_REASONS),
    details: z.string().nullable(),
    pausedAt: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'MergePause' });

const mergeParams = z.object({
  id: z.uuid('id must be a space id'),
  mergeId: z.uuid('mergeId must be a merge id'),
});
const mergeStateSchema = z.object({ status: z.enum(MERGE_STATUSES), pause: mergePauseSchema.nullable() });

export const pauseMerge = defineContract({
  method: 'POST',
  path: `${base}/workspaces/:id/merges/:mergeId/pause`,
  summary:
    'Pause a sending mail merge (its sender, or an owner or admin of the space): no row is claimed until it is resumed',
  tags: ['merge-engine'],
  params: mergeParams,
  response: mergeStateSchema,
});

export const resumeMerge = defineContract({
  method: 'POST',
  path: `${base}/workspaces/:id/merges/:mergeId/resume`,
  summary:
    'Resume a paused mail merge (its sender, or an owner or admin of the space): its rows not yet sent go out, each at most once',
  tags: ['merge-engine'],
  params: mergeParams,
  response: mergeStateSchema,
});

/** A hard bounce of a merge: the address and what its server answered. */
export const mergeBounceSchema = z
  .object({
    email: z.string(),
    reason: z.string().nullable(),
    bouncedAt: z.number().int().describe('Epoch milliseconds'),
  })
  .meta({ id: 'MergeBounce' });

/** How many of a merge's bounces the read answers: the latest, enough to see what tripped the breaker. */
export const MERGE_BOUNCES_SHOWN = 100;

export const listMergeBounces = defineContract({
  method: 'GET',
  path: `${base}/workspaces/:id/merges/:mergeId/bounces`,
  summary: `A mail merge's hard bounces with their reasons, the latest ${MERGE_BOUNCES_SHOWN} first (its sender, or an owner or admin of the space): what tripped its circuit breaker`,
  tags: ['merge-engine'],
  params: mergeParams,
  response: z.object({ items: z.array(mergeBounceSchema), total: z.number().int() }),
});

export const cancelMerge = defineContract({
  method: 'DELETE',
  path: `${base}/workspaces/:id/merges/:mergeId`,
  summary:
    'Cancel a scheduled, sending or paused mail merge (its sender, or an owner or admin of the space): its unsent rows are dropped and it leaves the Scheduled list',
  tags: ['merge-engine'],
  params: mergeParams,
  response: mergeStateSchema,
});
