import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';

export { ResultError, ResultPage } from './components/result-page';

/** Result and landing pages, shown signed in or out (ROUTE-003, ROUTE-005). */
export const publicPageRoutes: RouteObject[] = [
  { path: paths.public.unsubscribed.path, lazy: () => import('./routes/unsubscribed') },
  { path: paths.public.formResponse.path, lazy: () => import('./routes/form-response') },
  { path: paths.public.localMailbox.path, lazy: () => import('./routes/local-mailbox') },
];
