import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  memberships,
  merges,
  scheduledMerges,
  senderDailyQuota,
  spreadsheetSheets,
  spreadsheets,
  subscriptions,
  users,
  workspaces,
} from '../../db/schema';

/**
 * The merge engine's SQL, gathered here (issue 22, deliver 5): the reads of a sender, a sheet and
 * a merge, the worker heartbeat, and a merge's creation and start (each run in its caller's
 * transaction, with the caller's row locks). Claims within quota have theirs in claim-queries.ts,
 * the lifecycle's transitions in lifecycle-queries.ts, the jobs' in job-queries.ts, a merge's
 * campaign in campaign-queries.ts.
 */

/** Today's UTC day as the database sees it: the quota counter's key, one clock for every process. */
export const QUOTA_DAY = sql`(now() AT TIME ZONE 'UTC')::date`;

export type MergeRow = typeof merges.$inferSelect;

/** The rows of a raw `execute` (both drivers answer `{ rows }`). */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

type Sender = { workspaceId: string; userId: string };
type SheetIdentity = { spreadsheetId: string; sheetId: string };

/** What the sender's daily quota depends on: the member's plan and trial, the space's subscription. */
export async function senderPlanRow(db: Db, sender: Sender) {
  const [row] = await db
    .select({
      plan: memberships.userPlan,
      freeTrialEnd: memberships.freeTrialEnd,
      freeUserQuota: users.freeUserQuota,
      hasActiveSubscription: sql<boolean>`EXISTS (SELECT 1 FROM ${subscriptions}
        WHERE ${subscriptions.workspaceId} = ${memberships.workspaceId} AND ${subscriptions.status} = 'ACTIVE')`,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, sender.workspaceId), eq(memberships.userId, sender.userId)));
  return row;
}

/** Recipients the sender used of today's quota. */
export async function quotaUsedOn(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ used: senderDailyQuota.used })
    .from(senderDailyQuota)
    .where(and(eq(senderDailyQuota.userId, userId), eq(senderDailyQuota.day, QUOTA_DAY)));
  return row?.used ?? 0;
}

/** The sender's own spreadsheet in the space (none for another's). */
export async function ownSpreadsheet(db: Db, sender: Sender, spreadsheetId: string) {
  const [spreadsheet] = await db
    .select()
    .from(spreadsheets)
    .where(
      and(
        eq(spreadsheets.id, spreadsheetId),
        eq(spreadsheets.userId, sender.userId),
        eq(spreadsheets.workspaceId, sender.workspaceId),
      ),
    );
  return spreadsheet;
}

const isSheet = (sheet: SheetIdentity) =>
  and(eq(spreadsheetSheets.spreadsheetId, sheet.spreadsheetId), eq(spreadsheetSheets.sheetId, sheet.sheetId));

export async function sheetOf(db: Db, sheet: SheetIdentity) {
  const [found] = await db.select().from(spreadsheetSheets).where(isSheet(sheet));
  return found;
}

export async function sheetHeaderRow(db: Db, sheet: SheetIdentity) {
  const [found] = await db
    .select({ header: spreadsheetSheets.header })
    .from(spreadsheetSheets)
    .where(isSheet(sheet));
  return found;
}

/**
 * The space's merge with its recipients counted (total, sent, failed, unknown, bounced): the
 * sender's own, or any of the space's for `anySender` (an owner or admin).
 */
export async function mergeWithCounts(db: Db, sender: Sender & { anySender?: boolean }, mergeId: string) {
  const [row] = await db
    .select({
      merge: merges,
      scheduledToSend: scheduledMerges.toSendCount,
      counts: sql<{ total: number; sent: number; failed: number; unknown: number; bounced: number }>`(
        SELECT json_build_object(
          'total', count(*),
          'sent', count(*) FILTER (WHERE r.sent_at IS NOT NULL),
          'failed', count(*) FILTER (WHERE r.status = 'FAILED'),
          'unknown', count(*) FILTER (WHERE r.status = 'UNKNOWN'),
          'bounced', count(*) FILTER (WHERE r.bounced_at IS NOT NULL))
        FROM campaign_recipients r WHERE r.campaign_id = ${merges.campaignId})`,
    })
    .from(merges)
    .leftJoin(scheduledMerges, eq(scheduledMerges.id, merges.scheduledMergeId))
    .where(
      and(
        eq(merges.id, mergeId),
        sender.anySender ? undefined : eq(merges.userId, sender.userId),
        eq(merges.workspaceId, sender.workspaceId),
      ),
    );
  return row;
}

/** The sender's name, for a test email's From. */
export async function senderNameRow(db: Db, userId: string) {
  const [user] = await db
    .execute(sql`SELECT name FROM users WHERE id = ${userId}`)
    .then((result) => (result as unknown as { rows: { name: string | null }[] }).rows);
  return user;
}

/** The space's name (a merge message's List-Id) and its tracking defaults (a new merge's). */
export async function spaceOfMerge(db: Db, workspaceId: string) {
  const [space] = await db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      trackOpensDefault: workspaces.trackOpensDefault,
      trackClicksDefault: workspaces.trackClicksDefault,
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return space;
}

export async function mergeById(db: Db, mergeId: string) {
  const [merge] = await db.select().from(merges).where(eq(merges.id, mergeId));
  return merge;
}

export async function scheduledMergeById(db: Db, scheduledMergeId: string) {
  const [scheduled] = await db.select().from(scheduledMerges).where(eq(scheduledMerges.id, scheduledMergeId));
  return scheduled;
}

export async function userById(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

/**
 * A worker is alive: an upsert, so a worker the reaper already gave up for dead (it went unseen
 * for a lease) is seen again, and the rows it claims from now on are not taken for a dead worker's.
 */
export async function beatWorker(db: Db, worker: { id: string; jobId?: string | undefined }) {
  await db.execute(sql`INSERT INTO merge_workers (id, job_id) VALUES (${worker.id}, ${worker.jobId ?? null})
      ON CONFLICT (id) DO UPDATE SET seen_at = now()`);
}

/** The merge, locked until the transaction ends (a scheduled merge starts once). */
export async function lockMerge(tx: Tx, mergeId: string) {
  const [current] = await tx.select().from(merges).where(eq(merges.id, mergeId)).for('update');
  return current;
}

/**
 * The sender's scheduled row of this sheet with its merge's status, the scheduled row locked
 * until the transaction ends (one merge per sheet at a time).
 */
export async function lockScheduledMergeOfSheet(
  tx: Tx,
  sheet: { userId: string; spreadsheetId: string; sheetId: string },
) {
  const [existing] = await tx
    .select({ id: scheduledMerges.id, status: merges.status })
    .from(scheduledMerges)
    .leftJoin(merges, eq(merges.scheduledMergeId, scheduledMerges.id))
    .where(
      and(
        eq(scheduledMerges.userId, sheet.userId),
        eq(scheduledMerges.spreadsheetId, sheet.spreadsheetId),
        eq(scheduledMerges.sheetId, sheet.sheetId),
      ),
    )
    .for('update', { of: scheduledMerges });
  return existing;
}

export async function deleteScheduledMerge(tx: Tx, id: string) {
  await tx.delete(scheduledMerges).where(eq(scheduledMerges.id, id));
}

export async function insertScheduledMerge(tx: Tx, values: typeof scheduledMerges.$inferInsert) {
  const [scheduled] = await tx.insert(scheduledMerges).values(values).returning({ id: scheduledMerges.id });
  return scheduled!.id;
}

export async function insertMerge(tx: Tx, values: typeof merges.$inferInsert) {
  const [merge] = await tx.insert(merges).values(values).returning();
  return merge!;
}
