export { spaceRoutes } from './space-routes';
export { requireSpaceMember, findMembership, type SpaceAccess } from './space-access';
export { spacePermissionsFor, restrictionsFor } from './space-details';
