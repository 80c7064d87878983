export { eventRoutes } from './event-routes';
