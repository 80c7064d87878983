import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';

/**
 * RES-005 RES-006 RES-007 RES-008 RES-009 RES-010 RES-011 RES-012 RES-013 RES-014: shown signed in or out
 * (ROUTE-005).
 */
export const stopRenewalRoutes: RouteObject[] = [
  { path: paths.public.stopAutomaticRenewal.path, lazy: () => import('./routes/stop-automatic-renewal') },
];
