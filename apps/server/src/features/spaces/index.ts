export { spaceRoutes } from './space-routes';
export { requireSpaceMember, findMembership, type SpaceAccess } from './space-access';
