import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { spacePermissionsFor, type SpaceAccess } from '../spaces';

/**
 * PERM-019 on the server: the route's `space` access already answered 404 to non-members and
 * 403 to DISABLED members; the team report further needs canAccessTeamReport, from the same core
 * rules the space details expose to the web app (role, plan, rollout restrictions).
 */
export async function requireTeamReportAccess(
  db: Db,
  access: SpaceAccess,
  user: { id: string; email: string },
): Promise<void> {
  const { permissions } = await spacePermissionsFor(db, access, user);
  if (!permissions.canAccessTeamReport) {
    throw new AppError('forbidden', 'The team report is not available to you in this space');
  }
}
