export { suppressionRoutes } from './suppression-routes';
export { suppressedAmong } from './suppression-service';
