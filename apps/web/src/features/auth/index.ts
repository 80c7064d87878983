import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';

export { redirectToLogin } from './login-redirect';

/** The auth feature's routes; each screen's code loads on first visit. */
export const authRoutes: RouteObject[] = [
  { path: paths.auth.login.path, lazy: () => import('./routes/login') },
];
