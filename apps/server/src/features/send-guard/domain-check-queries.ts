import { sendingDomainCheckSchema, type SendingDomainCheck } from '@mergeboard/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sendingDomainChecks } from '../../db/schema';

/** The domain's last check as stored, or null (none yet, or one written in an older shape). */
export async function lastDomainCheck(db: Db, domain: string): Promise<SendingDomainCheck | null> {
  const [row] = await db
    .select({ result: sendingDomainChecks.result })
    .from(sendingDomainChecks)
    .where(eq(sendingDomainChecks.domain, domain));
  const parsed = sendingDomainCheckSchema.safeParse(row?.result);
  return parsed.success ? parsed.data : null;
}

/** Keeps the domain's latest check: `result` is the whole SendingDomainCheck the deliverability page reads. */
export async function saveDomainCheck(db: Db, check: SendingDomainCheck): Promise<void> {
  const row = { outcome: check.outcome, result: check, checkedAt: new Date(check.checkedAt) };
  await db
    .insert(sendingDomainChecks)
    .values({ domain: check.domain, ...row })
    .onConflictDoUpdate({ target: sendingDomainChecks.domain, set: row });
}
