import { check, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { DOMAIN_CHECK_OUTCOMES } from '@mergeboard/core';
import { oneOf, timestamptz } from './columns';

/**
 * The last pre-flight check of each sending domain (SPF for the sending host, DKIM for the
 * configured selector, DMARC): the composer's answer is cached here for a few minutes, and the
 * deliverability page shows it with when it was taken. `result` holds each check's outcome and
 * the TXT records to publish, as the send guard's contract describes them.
 */
export const sendingDomainChecks = pgTable(
  'sending_domain_checks',
  {
    domain: text('domain').primaryKey(),
    outcome: text('outcome', { enum: DOMAIN_CHECK_OUTCOMES }).notNull(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    checkedAt: timestamptz('checked_at').notNull(),
  },
  (t) => [check('sending_domain_checks_outcome_check', oneOf(t.outcome, DOMAIN_CHECK_OUTCOMES))],
);
