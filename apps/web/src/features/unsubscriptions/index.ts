export { UnsubscriptionsPage } from './components/unsubscriptions-page';
export { SuppressionPage, WORK_AREA_ERROR } from './components/suppression-page';
export type { SuppressionListQuery, SuppressionTexts } from './components/suppression-page';
