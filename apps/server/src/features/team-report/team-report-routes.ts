import { getTeamReportSummary, listTeamReportMembers } from '@mergeboard/core';
import { defineRoute } from '../../http/route';
import { requireTeamReportAccess } from './team-report-access';
import { listTeamMembers, teamSummary } from './team-report-queries';

/** TEAM, API-058/059: any member reaches the handler; canAccessTeamReport decides (PERM-019). */
export const teamReportRoutes = [
  defineRoute({
    contract: getTeamReportSummary,
    access: { kind: 'space', minRole: 'MEMBER' },
    handler: async ({ auth, space, context }) => {
      await requireTeamReportAccess(context.database.db, space!, auth!.user!);
      return teamSummary(context.database.db, space!.workspace.id, new Date());
    },
  }),
  defineRoute({
    contract: listTeamReportMembers,
    access: { kind: 'space', minRole: 'MEMBER' },
    handler: async ({ query, auth, space, context }) => {
      await requireTeamReportAccess(context.database.db, space!, auth!.user!);
      return listTeamMembers(context.database.db, space!.workspace.id, query, new Date());
    },
  }),
];
