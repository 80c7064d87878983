import { getTeamReportSummary, listTeamReportMembers, spaceAccess } from '@mergeboard/core';
import { defineRoute } from '../../http/route';
import { listTeamMembers, teamSummary } from './team-report-queries';

/** TEAM, API-058/059: managers on a plan with the dashboard, once WORKSPACE_DASHBOARD is lifted (PERM-019). */
export const teamReportRoutes = [
  defineRoute({
    contract: getTeamReportSummary,
    access: spaceAccess('canAccessTeamReport'),
    handler: ({ space, context }) => teamSummary(context.database.db, space.workspace.id, new Date()),
  }),
  defineRoute({
    contract: listTeamReportMembers,
    access: spaceAccess('canAccessTeamReport'),
    handler: ({ query, space, context }) =>
      listTeamMembers(context.database.db, space.workspace.id, query, new Date()),
  }),
];
