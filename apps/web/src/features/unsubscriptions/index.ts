export { UnsubscriptionsPage } from './components/unsubscriptions-page';
export { SuppressionPage } from './components/suppression-page';
export type { SuppressionListQuery, SuppressionTexts } from './components/suppression-page';
