export { authRoutes } from './auth-routes';
export { startSession } from './auth-service';
export { SESSION_COOKIE, cookieIdentity, sessionCookieValue } from './refresh-cookie';
export {
  callWithGrant,
  ComposeGrantLost,
  GoogleUnavailable,
  googleAccessFor,
  refusalReasons,
  type GoogleAccess,
} from './google-access';
export { forgetInboxReadGrant } from './google-grants';
export { signInFormRouteConfig } from './sign-in-limit';
