import type { UserPlan } from '../constants/domain';
import {
  DAILY_RECIPIENT_QUOTA,
  WORKSPACE_DAILY_QUOTA,
  WORKSPACE_QUOTA_SENT_THRESHOLD_24H,
} from '../constants/limits';
import { dailyQuotaOf } from '../members/member-rules';

/**
 * 001 §9, the conditions of the workspace quota (1,500 recipients a day) that the app can see: the
 * sender is not in a trial and the space has an active subscription. (The others — a free legacy
 * Google Workspace edition, a Google rate limit — are Google's to enforce.)
 */
interface WorkspaceQuotaConditions {
  inTrial: boolean;
  hasActiveSubscription: boolean;
}

/**
 * CONST-015 CONST-016 CONST-017: recipients a sender may reach per UTC day. The same figure as the Users
 * page's 'Quota: Up to N' (dailyQuotaOf: FREE 20 or the server's freeUserQuota, PRO_PERSONAL 400,
 * PRO 1,500), except that a PRO sender who does not meet the workspace conditions gets the 500 a
 * day Google allows such accounts (WORKSPACE_QUOTA_SENT_THRESHOLD_24H) rather than 1,500.
 */
export function dailyRecipientQuota(options: {
  plan: UserPlan;
  freeUserQuota?: number;
  workspace?: WorkspaceQuotaConditions;
}): number {
  const { plan, workspace } = options;
  const quota = dailyQuotaOf(plan, options.freeUserQuota ?? DAILY_RECIPIENT_QUOTA.FREE);
  if (quota !== WORKSPACE_DAILY_QUOTA || !workspace) return quota;
  const met = !workspace.inTrial && workspace.hasActiveSubscription;
  return met ? quota : WORKSPACE_QUOTA_SENT_THRESHOLD_24H;
}

/** The day a send counts against (the quota's day is the UTC calendar day), as YYYY-MM-DD. */
export function quotaDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** When the quota of the day holding `at` resets: the next midnight UTC. */
export function quotaResetsAt(at: number): number {
  const day = new Date(at);
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1);
}
