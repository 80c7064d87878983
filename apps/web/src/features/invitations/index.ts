import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';

/** ROUTE-006: the invitation link (signed in; RequireAuth sends others to /login?continue=…). */
export const invitationRoutes: RouteObject[] = [
  { path: paths.invitation.path, lazy: () => import('./routes/invitation') },
];
