import { and, desc, eq, gte, inArray, isNotNull, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { TOP_BOUNCE_REASONS, PAUSED_MERGES_LISTED, type MergePauseReason } from '@mergeboard/core';
import type { Db } from '../../db/client';
import {
  campaignRecipients,
  campaigns,
  memberships,
  merges,
  senderDailyDeliverability,
  sendingDomainChecks,
  users,
} from '../../db/schema';

/** Whose figures: the whole space, or one sender's in it. */
export interface Scope {
  workspaceId: string;
  /** Null: every sender of the space. */
  userId: string | null;
}

/** The rollup's rows of the scope from `fromDay` (YYYY-MM-DD) on: at most one per sender and day. */
export function selectDailyRows(db: Db, scope: Scope, fromDay: string) {
  const rollup = senderDailyDeliverability;
  const conditions: SQL[] = [eq(rollup.workspaceId, scope.workspaceId), gte(rollup.day, fromDay)];
  if (scope.userId) conditions.push(eq(rollup.userId, scope.userId));
  return db
    .select({
      userId: rollup.userId,
      name: users.name,
      email: users.email,
      day: rollup.day,
      sent: rollup.sent,
      hardBounced: rollup.hardBounced,
      complained: rollup.complained,
      unsubscribed: rollup.unsubscribed,
    })
    .from(rollup)
    .innerJoin(users, eq(users.id, rollup.userId))
    .where(and(...conditions));
}

/** An address inside a remote server's words, so one reason given to many people counts as one. */
const ADDRESS_IN_REASON = String.raw`[^\s<>"'()\[\]]+@[^\s<>"'()\[\]]+`;

/**
 * The commonest reasons of the hard bounces of messages sent since `since`. Bounded by time twice:
 * only campaigns that sent since then (their index by space and last send), and in each only its
 * bounced rows sent since then (a partial index holding bounced rows alone).
 */
export async function selectBounceReasons(db: Db, scope: Scope, since: Date) {
  const reason = sql<string>`regexp_replace(coalesce(nullif(btrim(${campaignRecipients.failureReason}), ''), 'Bounced'), ${ADDRESS_IN_REASON}, '(address)', 'g')`;
  const conditions: SQL[] = [
    eq(campaigns.workspaceId, scope.workspaceId),
    gte(campaigns.lastEmailSentAt, since),
    eq(campaigns.isFormNotification, false),
  ];
  if (scope.userId) conditions.push(eq(campaigns.userId, scope.userId));
  return (
    db
      .select({ reason, count: sql<number>`count(*)`.mapWith(Number) })
      .from(campaigns)
      .innerJoin(
        campaignRecipients,
        and(
          eq(campaignRecipients.campaignId, campaigns.id),
          isNotNull(campaignRecipients.bouncedAt),
          gte(campaignRecipients.sentAt, since),
        ),
      )
      .where(and(...conditions))
      // By position: the reason's pattern is a parameter, and each mention of it would be another.
      .groupBy(sql`1`)
      .orderBy(sql`2 desc, 1`)
      .limit(TOP_BOUNCE_REASONS)
  );
}

/** Merges of the scope that the circuit breaker paused (a sender's own pause is not listed), latest first. */
export function selectSelfPausedMerges(db: Db, scope: Scope) {
  const conditions: SQL[] = [
    eq(merges.workspaceId, scope.workspaceId),
    eq(merges.status, 'PAUSED'),
    ne(merges.pauseReason, 'MANUAL' satisfies MergePauseReason),
  ];
  if (scope.userId) conditions.push(eq(merges.userId, scope.userId));
  return db
    .select({
      mergeId: merges.id,
      scheduledMergeId: merges.scheduledMergeId,
      title: merges.title,
      spreadsheetName: merges.spreadsheetName,
      sheetName: merges.sheetName,
      userId: merges.userId,
      name: users.name,
      email: users.email,
      reason: merges.pauseReason,
      details: merges.pauseDetails,
      pausedAt: merges.pausedAt,
    })
    .from(merges)
    .innerJoin(users, eq(users.id, merges.userId))
    .where(and(...conditions))
    .orderBy(desc(merges.pausedAt))
    .limit(PAUSED_MERGES_LISTED);
}

/**
 * The domains of the scope's senders' addresses: every member who may send (not invited only, not
 * disabled), or the one sender.
 */
export async function selectSenderDomains(db: Db, scope: Scope): Promise<string[]> {
  const domain = sql<string>`lower(split_part(${users.email}, '@', 2))`;
  const conditions: SQL[] = [
    eq(memberships.workspaceId, scope.workspaceId),
    notInArray(memberships.status, ['PENDING', 'DISABLED']),
  ];
  if (scope.userId) conditions.push(eq(memberships.userId, scope.userId));
  const rows = await db
    .selectDistinct({ domain })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(...conditions));
  return rows.map((row) => row.domain).filter(Boolean);
}

/** The last pre-flight check of each of `domains` that has one. */
export function selectDomainChecks(db: Db, domains: string[]) {
  if (domains.length === 0) return Promise.resolve([]);
  return db.select().from(sendingDomainChecks).where(inArray(sendingDomainChecks.domain, domains));
}
