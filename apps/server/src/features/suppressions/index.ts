export { suppressionRoutes } from './suppression-routes';
