export { authRoutes } from './auth-routes';
export { startSession } from './auth-service';
export { ComposeGrantLost, GoogleUnavailable, googleAccessFor, type GoogleAccess } from './google-access';
export { registerLocalIssuer, purgeExpiredIssuerStateJob } from './local-issuer';
