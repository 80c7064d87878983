export { memberRoutes } from './members-routes';
