export { userRoutes } from './user-routes';
export { isInviteeOnly } from './user-queries';
