export { templateRoutes } from './template-routes';
