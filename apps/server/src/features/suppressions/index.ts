export { suppressionRoutes } from './suppression-routes';
export { addRecipientUnsubscription, suppressedAmong } from './suppression-service';
