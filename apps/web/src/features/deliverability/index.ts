import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';

/**
 * {prefix}/space/deliverability (issue 26): every member of the space (the screen itself sends
 * anyone else back); the page and its chart library load with this route only.
 */
export const deliverabilityRoute: RouteObject = {
  path: paths.space.deliverability.path,
  lazy: () => import('./routes/deliverability'),
};
