export { suppressionRoutes } from './suppression-routes';
export { addRecipientBounce, addRecipientUnsubscription, suppressedAmong } from './suppression-service';
