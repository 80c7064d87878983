import { getTeamReportSummary, listTeamReportMembers, spaceAccess } from '@mergeboard/core';
import { defineRoute } from '../../http/route';
import { listTeamMembers, readTeamSummary } from './team-report-service';

/**
 * TEAM, API-058 API-059: managers on a plan with the dashboard, once WORKSPACE_DASHBOARD is lifted
 * (PERM-019).
 */
export const teamReportRoutes = [
  defineRoute({
    contract: getTeamReportSummary,
    access: spaceAccess('canAccessTeamReport'),
    handler: ({ space, context }) =>
      readTeamSummary(context.database.db, { workspaceId: space.workspace.id, now: new Date() }),
  }),
  defineRoute({
    contract: listTeamReportMembers,
    access: spaceAccess('canAccessTeamReport'),
    handler: ({ query, space, context }) =>
      listTeamMembers(context.database.db, {
        workspaceId: space.workspace.id,
        params: query,
        now: new Date(),
      }),
  }),
];
