import { and, eq, sql } from 'drizzle-orm';
import { dailyRecipientQuota, quotaResetsAt, scheduleRefusal, type UserPlan } from '@mergeboard/core';
import type { Db } from '../../db/client';
import { memberships, senderDailyQuota, subscriptions, users } from '../../db/schema';

/** Today's UTC day as the database sees it: the quota counter's key, one clock for every process. */
export const QUOTA_DAY = sql`(now() AT TIME ZONE 'UTC')::date`;

export interface SenderPlan {
  plan: UserPlan;
  /** Recipients a day (CONST-015 CONST-016 CONST-017 with the workspace conditions of 001 §9). */
  limit: number;
}

/** The sender's plan in a space and the daily limit it gives; null when they are no member. */
export async function senderPlan(
  db: Db,
  sender: { workspaceId: string; userId: string },
): Promise<SenderPlan | null> {
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
  if (!row) return null;
  const limit = dailyRecipientQuota({
    plan: row.plan,
    freeUserQuota: row.freeUserQuota,
    workspace: {
      inTrial: row.freeTrialEnd !== null && row.freeTrialEnd.getTime() > Date.now(),
      hasActiveSubscription: row.hasActiveSubscription,
    },
  });
  return { plan: row.plan, limit };
}

/** Recipients claimed for the sender today, across all their merges and spaces. */
export async function quotaUsedToday(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ used: senderDailyQuota.used })
    .from(senderDailyQuota)
    .where(and(eq(senderDailyQuota.userId, userId), eq(senderDailyQuota.day, QUOTA_DAY)));
  return row?.used ?? 0;
}

/** getMergeQuota: the caller's limit in this space, what today used, and whether they may schedule. */
export async function readMergeQuota(
  db: Db,
  sender: { workspaceId: string; userId: string },
  plan: SenderPlan,
) {
  const used = await quotaUsedToday(db, sender.userId);
  const refusal = scheduleRefusal(plan.plan);
  return {
    limit: plan.limit,
    used,
    remaining: Math.max(plan.limit - used, 0),
    resetsAt: quotaResetsAt(Date.now()),
    canSchedule: refusal === null,
    scheduleRefusal: refusal,
  };
}
