import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { memberships } from '../../../db/schema';
import { AppError } from '../../../http/app-error';

/** CHK-088, as the spec words it. */
const CANNOT_DOWNGRADE =
  'You cannot downgrade. At least one user must be paid as long as a subscription is active.';

interface WorkspaceUserPlan {
  userIds: string[];
  downgradeToFree: boolean;
}

/**
 * MEM-033, CHK-081..088: paid-user changes. The rule every such change keeps is checked here
 * (CHK-088: a live subscription keeps at least one paid user); applying them to the
 * provider and the memberships is not built yet, so a change that passes is refused as such.
 */
export async function refusePaidUserChange(db: Db, workspaceId: string, plans: WorkspaceUserPlan[]) {
  const paid = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), ne(memberships.userPlan, 'FREE')));
  const leaving = new Set(plans.filter((plan) => plan.downgradeToFree).flatMap((plan) => plan.userIds));
  if (paid.every((member) => leaving.has(member.userId))) {
    throw new AppError('cannot_downgrade', CANNOT_DOWNGRADE);
  }
  throw new AppError(
    'bad_request',
    'Changing which users are paid is not available yet: add seats, or schedule a seat removal.',
  );
}
