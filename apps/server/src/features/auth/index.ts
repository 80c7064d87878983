export { authRoutes } from './auth-routes';
export { authenticate, readBearer, type RequestAuth } from './authenticate';
export {
  createOpenIdClient,
  localClientCredentials,
  localIssuerUrl,
  redirectUri,
  type OpenIdClient,
} from './openid-client';
export { createTokenKeys, type TokenKeys } from './tokens';
export { findLiveSession } from './session-queries';
export { registerLocalIssuer, purgeExpiredIssuerStateJob } from './local-issuer';
