import {
  accountTypeOf,
  initialsOf,
  planFeatures,
  urlPrefixOf,
  type CurrentUser,
  type UserWorkspace,
} from '@mergeboard/core';
import type { Db } from '../../db/client';
import type { RequestAuth } from '../../access/authenticate';
import { findOwnedLicense, findRollout, sentMailCounters, userWorkspaceRows } from './user-queries';

type WorkspaceRow = Awaited<ReturnType<typeof userWorkspaceRows>>[number];

function allowedFor(row: WorkspaceRow) {
  const { workspace, membership } = row;
  switch (membership.userPlan) {
    case 'PRO':
      return { hasMultiDomain: workspace.proHasMultiDomain, allowedUserCount: workspace.proAllowedUserCount };
    case 'PRO_PERSONAL':
      return {
        hasMultiDomain: workspace.proPersonalHasMultiDomain,
        allowedUserCount: workspace.proPersonalAllowedUserCount,
      };
    default:
      return {
        hasMultiDomain: workspace.freeHasMultiDomain,
        allowedUserCount: workspace.freeAllowedUserCount,
      };
  }
}

export function toUserWorkspace(row: WorkspaceRow, sendingWorkspaceId: string | null): UserWorkspace {
  const { workspace, membership } = row;
  return {
    workspaceId: workspace.id,
    workspaceName: workspace.name,
    workspacePlan: workspace.plan,
    userPlan: membership.userPlan,
    userRole: membership.role,
    status: membership.status,
    workspaceStatus: workspace.status,
    urlPrefix: urlPrefixOf(workspace),
    legacyPlanType: workspace.legacyType,
    isSendingWorkspace: workspace.id === sendingWorkspaceId,
    workspaceUserFeature: {
      ...allowedFor(row),
      workspacePlan: workspace.plan,
      userPlan: membership.userPlan,
      otherFeatures: planFeatures(workspace.plan),
    },
  };
}

const YEAR_MS = 366 * 24 * 60 * 60 * 1000;

/** AUTH-045..048: the signed-in user as the web app sees it. */
export async function loadCurrentUser(
  db: Db,
  auth: RequestAuth & { user: NonNullable<RequestAuth['user']> },
  options: { includeWorkspaces: boolean },
): Promise<CurrentUser> {
  const { user, identity } = auth;
  const [counters, rollout, license, workspaceRows] = await Promise.all([
    sentMailCounters(db, user.id, new Date(Date.now() - YEAR_MS)),
    findRollout(db, user.id),
    findOwnedLicense(db, user.id),
    options.includeWorkspaces ? userWorkspaceRows(db, user.id) : Promise.resolve(null),
  ]);
  // Profile fields missing on the account come from what the sign-in provider told us.
  const userName = user.name ?? identity.name ?? user.email.split('@')[0]!;
  return {
    userId: user.id,
    id: user.id,
    userEmail: user.email,
    userName,
    profilePictureUrl: user.profilePictureUrl ?? identity.pictureUrl,
    initials: initialsOf(userName),
    type: accountTypeOf(user.isPersonal),
    isPersonal: user.isPersonal,
    status: user.status,
    installationTimestamp: user.installationTimestamp?.getTime() ?? null,
    lastUpdateTimestamp: user.updatedAt.getTime(),
    domain: user.domain ? { domainName: user.domain } : null,
    addonWorkspaceId: user.addonWorkspaceId,
    freeUserQuota: user.freeUserQuota,
    isPerSeat: rollout?.isPerSeat ?? true,
    license: license ? { subscriptionId: license.id, paymentSource: license.paymentSource } : null,
    totalNumberOfMailsSent: { count: counters.total },
    monthlySentMails: counters.monthly.map(({ month, count }) => {
      const date = new Date(month);
      return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, count };
    }),
    ...(workspaceRows
      ? { userWorkspaces: workspaceRows.map((row) => toUserWorkspace(row, user.addonWorkspaceId)) }
      : {}),
  };
}
