/**
 * Suppression lists, named as on the server: the unsubscriptions page, and the list page it
 * shares with the bounces feature.
 */
export { UnsubscriptionsPage } from './components/unsubscriptions-page';
export { SuppressionPage } from './components/suppression-page';
export type { SuppressionListQuery } from './components/suppression-page';
