/** Where the built-in OpenID issuer is mounted inside the server. */
export const LOCAL_ISSUER_PATH = '/oidc';

/**
 * The Gmail scope the app may ask for later (incremental consent); the local issuer asks the
 * person on its consent page before granting it.
 */
export { COMPOSE_SCOPE } from '@mergeboard/core';
