export { spaceRoutes } from './space-routes';
