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
      /** `continueTo` is where to go after sign-in: an in-app path with its search (ROUTE-004). */
      getHref: (continueTo?: string) =>
        continueTo ? `/login?continue=${encodeURIComponent(continueTo)}` : '/login',
    },
  },
} as const;
