export { teamReportRoutes } from './team-report-routes';
