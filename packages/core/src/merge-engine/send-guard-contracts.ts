import { z } from 'zod';
import { defineContract } from '../contracts/contract';
import { API_BASES } from '../contracts/api-bases';
import { DOMAIN_CHECK_OUTCOMES, MERGE_STATUSES, type Role } from '../constants/domain';
import { SPREADSHEET_LIMITS } from '../constants/limits';
import { isManager } from '../permissions/roles';
import { mergePauseSchema } from './merge-pause-schema';

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
    transport: z
      .enum(['smtp', 'local', 'gmail'])
      .optional()
      .describe("How the sender's messages leave: SMTP_URL's relay, the local mailbox (127.0.0.1), Gmail"),
    sendingHost: z.string().describe('The address SPF was checked for'),
    spf: domainRecordCheckSchema,
    dkim: domainRecordCheckSchema,
    dmarc: domainRecordCheckSchema,
  })
  .meta({ id: 'SendingDomainCheck' });
export type SendingDomainCheck = z.infer<typeof sendingDomainCheckSchema>;

/**
 * A definite FAIL of the sending domain blocks a merge of more recipients than this: mailbox
 * providers reject or junk bulk mail from a domain without SPF, DKIM and DMARC, and a hundred
 * messages is where a sender's test run ends and a bulk send begins. At or under it, and for a
 * check that could not be made (UNCHECKED), the composer warns only.
 */
export const DOMAIN_CHECK_BLOCK_ABOVE = 100;

/** Whether the check can hold back a merge of `recipients` at all (smaller ones never wait on DNS). */
export function domainCheckCanBlock(recipients: number): boolean {
  return recipients > DOMAIN_CHECK_BLOCK_ABOVE;
}

/** Whether a merge of `recipients` is held back by the sending domain's check. */
export function domainCheckBlocks(outcome: SendingDomainCheck['outcome'], recipients: number): boolean {
  return outcome === 'FAIL' && domainCheckCanBlock(recipients);
}

/** The space's owner and admins may send past a failed check knowingly (overrideDomainCheck). */
export function mayOverrideDomainCheck(role: Role): boolean {
  return isManager(role);
}

export const DOMAIN_CHECK_OVERRIDE_REFUSAL =
  "Only the space's owner or an admin can send past a failed sending-domain check";

export const getSendingDomainCheck = defineContract({
  method: 'GET',
  path: `${base}/workspaces/:id/merges/sending-domain`,
  summary:
    "The pre-flight check of the caller's sending domain (SPF for the sending host, DKIM, DMARC), " +
    `whether a merge of \`recipients\` would be blocked (a FAIL above ${DOMAIN_CHECK_BLOCK_ABOVE}), ` +
    'and whether the caller may send past it; UNCHECKED when DNS did not answer in 5 s',
  tags: ['merge-engine'],
  params: z.object({ id: z.uuid('id must be a space id') }),
  query: z.object({
    recipients: z
      .string()
      .regex(/^\d+$/, 'recipients must be a whole number')
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .max(SPREADSHEET_LIMITS.maxRows, `recipients must be at most ${SPREADSHEET_LIMITS.maxRows}`),
      )
      .optional(),
  }),
  response: z.object({
    check: sendingDomainCheckSchema,
    blockAbove: z.number().int().describe('A FAIL blocks merges of more recipients than this'),
    blocked: z.boolean().describe('Whether a merge of `recipients` would be refused without an override'),
    canOverride: z.boolean().describe('Whether the caller (owner or admin) may send past a FAIL'),
  }),
});

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
