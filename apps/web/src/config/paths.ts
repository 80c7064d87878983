import { AUTH_CALLBACK_PATH, loginHrefFor } from '@mergeboard/core';

/**
 * Every route of the app, so no link or redirect hand-builds a URL. `path` is the router
 * pattern; `getHref()` builds a concrete URL for it.
 */
export const paths = {
  home: {
    path: '/',
    getHref: () => '/',
  },
  auth: {
    login: {
      path: '/login',
      /**
       * `continueTo` is where to go after sign-in: an in-app path with its search (ROUTE-004).
       * Unsafe or empty targets (and '/') give the bare /login.
       */
      getHref: (continueTo?: string | null) => (continueTo ? loginHrefFor(continueTo) : '/login'),
    },
    callback: {
      /** Where the OpenID provider sends the browser back with `code` and `state`. */
      path: AUTH_CALLBACK_PATH,
      getHref: () => AUTH_CALLBACK_PATH,
    },
  },
  onboarding: {
    /** Step 1 of onboarding (ONB-019). */
    signup: { path: '/signup', getHref: () => '/signup' },
    /** Steps 2 and 3 of onboarding (ONB-019). */
    getStarted: { path: '/get-started', getHref: () => '/get-started' },
  },
  public: {
    unsubscribed: { path: '/unsubscribed', getHref: () => '/unsubscribed' },
    formResponse: { path: '/formresponse', getHref: () => '/formresponse' },
    stopAutomaticRenewal: { path: '/stop-automatic-renewal', getHref: () => '/stop-automatic-renewal' },
    wrongPlan: { path: '/wrong-plan', getHref: () => '/wrong-plan' },
  },
} as const;
