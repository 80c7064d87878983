import type { RouteObject } from 'react-router';

/**
 * Signed-in screens until the space shell arrives: '/' and every other signed-in path show the
 * home screen (ROUTE-008 comes with the space router).
 */
export const shellLiteRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./routes/home') },
  { path: '*', lazy: () => import('./routes/home') },
];
