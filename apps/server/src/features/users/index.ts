export { userRoutes } from './user-routes';
