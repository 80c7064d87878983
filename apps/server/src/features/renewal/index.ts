export { renewalRoutes } from './renewal-routes';
