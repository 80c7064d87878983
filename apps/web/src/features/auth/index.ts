import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';

export { useCurrentUser, getCurrentUserQueryOptions } from './api/get-current-user';
export { AuthProvider, useAuth, useAuthState } from './components/auth-context';
export { AuthGate } from './components/auth-gate';
export { SignInButton } from './components/sign-in-button';
export { signInLabels } from './components/sign-in-labels';
export { RequireAuth } from './components/require-auth';
export { createAuthStore } from './session/auth-store';
export type { AuthStore } from './session/auth-state';
export { composePermissionOutcome } from './session/compose-permission';
export { SIGN_IN_INTENT_KEY } from './session/sign-in-intent';
export {
  AUTH_COOKIE,
  BACKEND_ID_TOKEN_KEY,
  DELEGATE_COOKIE,
  DELEGATE_TOKEN_COOKIE,
  LAST_LOGIN_KEY,
  SESSION_COOKIE,
} from './session/stored-session';

/** The auth feature's routes; each screen's code loads on first visit. */
export const authRoutes: RouteObject[] = [
  { path: paths.auth.login.path, lazy: () => import('./routes/login') },
  { path: paths.auth.callback.path, lazy: () => import('./routes/login-callback') },
];
