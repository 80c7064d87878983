import {
  DOMAIN_CHECK_BLOCK_ABOVE,
  DOMAIN_CHECK_OVERRIDE_REFUSAL,
  domainCheckBlocks,
  emailDomain,
  mayOverrideDomainCheck,
  type Role,
  type SendingDomainCheck,
} from '@mergeboard/core';
import type { Config } from '../../config/config';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { checkResolver } from './dns-resolver';
import type { SendingShape } from './domain-check';
import { lastDomainCheck, saveDomainCheck } from './domain-check-queries';

/** DNS gets this long to answer the whole check; past it the check is UNCHECKED (issue 26). */
export const DOMAIN_CHECK_TIMEOUT_MS = 5_000;
/**
 * How long a check is reused: DNS records change rarely, and a sender who just published one
 * waits at most this long to see it. A check DNS did not answer is retried sooner, so a DNS that
 * recovers is seen at once rather than in five minutes.
 */
export const DOMAIN_CHECK_TTL_MS = { answered: 5 * 60_000, unchecked: 30_000 } as const;

const isFresh = (check: SendingDomainCheck, now: Date) =>
  now.getTime() - Date.parse(check.checkedAt) <
  (check.outcome === 'UNCHECKED' ? DOMAIN_CHECK_TTL_MS.unchecked : DOMAIN_CHECK_TTL_MS.answered);

export interface DomainCheckOptions {
  db: Db;
  config: Pick<Config, 'DNS_SERVERS' | 'dkim'>;
  /** The sender's address: its domain is the From domain checked. */
  email: string;
  shape: SendingShape;
  now?: Date;
  /** Tests shorten the wait for a DNS that does not answer. */
  timeoutMs?: number;
}

/**
 * The sending domain's check: the stored one while fresh (and taken for the same transport),
 * else a new one, stored for the next caller and the deliverability page.
 */
export async function sendingDomainCheckFor(options: DomainCheckOptions): Promise<SendingDomainCheck> {
  const { db, config, shape } = options;
  const now = options.now ?? new Date();
  const domain = emailDomain(options.email);
  const cached = await lastDomainCheck(db, domain);
  if (cached && cached.transport === shape.transport && isFresh(cached, now)) return cached;
  const timeoutMs = options.timeoutMs ?? DOMAIN_CHECK_TIMEOUT_MS;
  // mailauth (and joi, which it validates with) loads with the first check, not with every process.
  const { checkSendingDomain } = await import('./domain-check');
  const resolver = checkResolver(config.DNS_SERVERS, timeoutMs);
  try {
    const check = await checkSendingDomain({
      domain,
      shape,
      dkim: config.dkim,
      resolve: resolver.resolve,
      timeoutMs,
      now,
    });
    await saveDomainCheck(db, check);
    return check;
  } finally {
    resolver.cancel();
  }
}

/** The first problem of a failed check, in a sentence, for a refusal naming it. */
function problemOf(check: SendingDomainCheck): string {
  const failed = [check.spf, check.dkim, check.dmarc].filter(
    (p) => p.status === 'fail' || p.status === 'missing',
  );
  return failed.map((p) => p.detail).join(' ');
}

/**
 * createMerge's guard: a merge of more than DOMAIN_CHECK_BLOCK_ABOVE recipients from a domain
 * whose check FAILs is refused (422 naming the domain and the problem), unless the owner or an
 * admin overrides it knowingly (a member asking to is a 403 naming who can). Smaller merges and
 * UNCHECKED domains are never held back; the caller skips this for a merge too small to block,
 * so that it never waits on DNS.
 */
export async function requireSendableDomain(
  options: DomainCheckOptions & { recipients: number; role: Role; override: boolean },
): Promise<void> {
  const check = await sendingDomainCheckFor(options);
  if (!domainCheckBlocks(check.outcome, options.recipients)) return;
  if (options.override) {
    if (mayOverrideDomainCheck(options.role)) return;
    throw new AppError('forbidden', DOMAIN_CHECK_OVERRIDE_REFUSAL);
  }
  throw new AppError(
    'sending_domain_failed',
    `The sending domain ${check.domain} failed its check, so a merge of more than ${DOMAIN_CHECK_BLOCK_ABOVE} ` +
      `recipients is held back: ${problemOf(check)}`,
  );
}
