export { TeamReportPage } from './components/team-report-page';
