export { LOCAL_ISSUER_PATH } from '../../access/openid-client';

/**
 * The Gmail scope the app may ask for later (incremental consent); the local issuer asks the
 * person on its consent page before granting it.
 */
export { COMPOSE_SCOPE } from '@mergeboard/core';
