/** Sign-in calls are what attackers hammer; these limits hold per client address. */
export const SIGN_IN_LIMIT = { max: 20, timeWindow: '1 minute' } as const;

/**
 * Route config for sign-in endpoints outside `/api/` (the built-in issuer's form posts). The
 * global limiter skips every path outside `/api/` (its allowList), and a route's own limit
 * inherits that allowList, so it is switched off here: these routes are counted.
 */
export const signInFormRouteConfig = {
  rateLimit: { ...SIGN_IN_LIMIT, allowList: () => false },
};
