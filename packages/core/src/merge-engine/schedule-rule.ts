import type { UserPlan } from '../constants/domain';

/** CONST-018: free users cannot schedule mail merges. */
export const FREE_SCHEDULE_REFUSAL = 'Free users cannot schedule mail merges.';

/** Why the sender may not schedule a merge, or null when they may (CONST-018). */
export function scheduleRefusal(plan: UserPlan): string | null {
  return plan === 'FREE' ? FREE_SCHEDULE_REFUSAL : null;
}
