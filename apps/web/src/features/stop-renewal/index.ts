import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';

/** RES-005..014: shown signed in or out (ROUTE-005). */
export const stopRenewalRoutes: RouteObject[] = [
  { path: paths.public.stopAutomaticRenewal.path, lazy: () => import('./routes/stop-automatic-renewal') },
];
