export { deliverabilityRoutes } from './deliverability-routes';
