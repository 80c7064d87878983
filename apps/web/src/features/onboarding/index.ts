import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';

export { MARKETPLACE_VISITED_KEY, ONBOARDING_STEP_KEY } from './onboarding-storage';

/**
 * /signup and /get-started render the same screen (ONB-001). A pathless layout route holds it so
 * that moving between the two paths (ONB-019) keeps the screen and its state mounted.
 */
export const onboardingRoutes: RouteObject[] = [
  {
    lazy: () => import('./routes/onboarding'),
    children: [
      { path: paths.onboarding.signup.path, element: null },
      { path: paths.onboarding.getStarted.path, element: null },
    ],
  },
];
