export { authRoutes } from './auth-routes';
export { startSession } from './auth-service';
export { authenticate, readBearer, type RequestAuth } from './authenticate';
export {
  createOpenIdClient,
  localClientCredentials,
  localIssuerUrl,
  redirectUri,
  type OpenIdClient,
} from './openid-client';
export { createTokenKeys, hashSessionSecret, newSessionSecret, type TokenKeys } from './tokens';
export { findLiveSession } from './session-queries';
export { ComposeGrantLost, GoogleUnavailable, googleAccessFor, type GoogleAccess } from './google-access';
export { registerLocalIssuer, purgeExpiredIssuerStateJob } from './local-issuer';
