export { suppressionRoutes } from './suppression-routes';
export { suppressedAmong, type SuppressionCaller } from './suppression-service';
