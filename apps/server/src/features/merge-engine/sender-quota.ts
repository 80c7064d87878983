import { dailyRecipientQuota, quotaResetsAt, scheduleRefusal, type UserPlan } from '@mergeboard/core';
import type { Db } from '../../db/client';
import { quotaUsedOn, senderPlanRow } from './merge-queries';

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
  const row = await senderPlanRow(db, sender);
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
  return quotaUsedOn(db, userId);
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
