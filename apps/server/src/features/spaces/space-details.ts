import { urlPrefixOf, type WorkspaceDetails } from '@mergeboard/core';
import type { Db } from '../../db/client';
import { planAllowanceOf } from '../../db/plan-allowance';
import type { SpaceAccess } from '../../access/space-access';
import { domainsOf, memberCountOf, ownerEmailOf } from './space-queries';

/** API-008: a space as its member sees it; DISABLED spaces show only name, plan, legacy type, status. */
export async function loadWorkspaceDetails(
  db: Db,
  access: SpaceAccess,
  include: { domains: boolean; features: boolean; membersCount: boolean },
): Promise<
  | WorkspaceDetails
  | {
      id: string;
      name: string;
      plan: WorkspaceDetails['plan'];
      legacyType: WorkspaceDetails['legacyType'];
      status: 'DISABLED';
    }
> {
  const { workspace, membership } = access;
  if (workspace.status === 'DISABLED') {
    return {
      id: workspace.id,
      name: workspace.name,
      plan: workspace.plan,
      legacyType: workspace.legacyType,
      status: 'DISABLED',
    };
  }
  const { restrictions, permissions } = access;
  const [domains, memberCount, ownerEmail] = await Promise.all([
    include.domains ? domainsOf(db, workspace.id) : null,
    include.membersCount ? memberCountOf(db, workspace.id) : null,
    ownerEmailOf(db, workspace.id),
  ]);
  return {
    id: workspace.id,
    workspaceId: workspace.id,
    name: workspace.name,
    workspaceName: workspace.name,
    plan: workspace.plan,
    legacyType: workspace.legacyType,
    status: workspace.status,
    role: membership.role,
    urlPrefix: urlPrefixOf(workspace),
    isPerSeat: workspace.isPerSeat,
    memberInviteUser: workspace.memberInviteUser,
    trackingDefaults: { opens: workspace.trackOpensDefault, clicks: workspace.trackClicksDefault },
    ...(memberCount !== null ? { memberCount } : {}),
    ...(domains ? { workspaceDomains: domains } : {}),
    ...(include.features
      ? {
          workspaceFeatures: {
            FREE: planAllowanceOf(workspace, 'FREE'),
            PRO: planAllowanceOf(workspace, 'PRO'),
            PRO_PERSONAL: planAllowanceOf(workspace, 'PRO_PERSONAL'),
          },
        }
      : {}),
    features: {
      canAccessWorkspace: permissions.canAccessWorkspace,
      canAccessWorkspaceBilling: permissions.canAccessWorkspaceBilling,
      canAccessTeamReport: permissions.canAccessTeamReport,
      manageUserRoles: permissions.manageUserRoles,
      transferOwnerShip: permissions.transferOwnerShip,
      sharedUnsubscribes: permissions.sharedUnsubscribes,
      sharedBounces: permissions.sharedBounces,
    },
    restrictions,
    ownerEmail,
  };
}
