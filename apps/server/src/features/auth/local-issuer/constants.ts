/** Where the built-in OpenID issuer is mounted inside the server. */
export const LOCAL_ISSUER_PATH = '/oidc';

/** The Gmail scope the app may ask for later (incremental consent); the local issuer grants it. */
export const COMPOSE_SCOPE = 'https://www.googleapis.com/auth/gmail.compose';
