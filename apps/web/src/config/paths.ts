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
  /** Top-level /settings/billing: the best space's billing page (ROUTE-007). */
  settingsBilling: {
    path: '/settings/billing',
    getHref: (search = '') => `/settings/billing${search}`,
  },
  /** ROUTE-006: an invitation link; status 'accept' accepts it at once (INV-002). */
  invitation: {
    path: '/invitations/:token/:status?',
    getHref: (token: string, status?: 'accept') =>
      `/invitations/${encodeURIComponent(token)}${status ? `/${status}` : ''}`,
  },
  /**
   * Space-scoped routes (ROUTE-009): every href takes the space's urlPrefix, `/{workspaceId}/{slug}`.
   * `path` is the pattern relative to the prefix route.
   */
  space: {
    root: { path: '/:workspaceId/:slug' },
    mailMerges: { path: 'mail-merges', getHref: (prefix: string) => `${prefix}/mail-merges` },
    sent: { path: 'sent', getHref: (prefix: string) => `${prefix}/mail-merges/sent` },
    scheduled: { path: 'scheduled', getHref: (prefix: string) => `${prefix}/mail-merges/scheduled` },
    /** The mail merge composer (issue 14), beside the Sent and Scheduled tabs rather than inside them. */
    newMailMerge: { path: 'mail-merges/new', getHref: (prefix: string) => `${prefix}/mail-merges/new` },
    unsubscriptions: { path: 'unsubscriptions', getHref: (prefix: string) => `${prefix}/unsubscriptions` },
    bounces: { path: 'bounces', getHref: (prefix: string) => `${prefix}/bounces` },
    teamReport: { path: 'team-report', getHref: (prefix: string) => `${prefix}/team-report` },
    templates: { path: 'templates', getHref: (prefix: string) => `${prefix}/templates` },
    disabled: { path: 'disabled', getHref: (prefix: string) => `${prefix}/disabled` },
    settingsBilling: { path: 'settings/billing' },
    settings: { path: 'space', getHref: (prefix: string) => `${prefix}/space` },
    general: { path: 'general', getHref: (prefix: string) => `${prefix}/space/general` },
    users: { path: 'users', getHref: (prefix: string) => `${prefix}/space/users` },
    deliverability: { path: 'deliverability', getHref: (prefix: string) => `${prefix}/space/deliverability` },
    billing: {
      path: 'billing',
      getHref: (prefix: string, search = '') => `${prefix}/space/billing${search}`,
    },
    upgrade: { path: 'upgrade', getHref: (prefix: string) => `${prefix}/space/upgrade` },
    /**
     * The checkout screens, outside the main layout (000 §2); the paths below `checkout` are
     * relative to it.
     */
    checkout: { path: 'checkout' },
    /** The seat flow's first checkout step (SHELL-011). */
    checkoutDetails: { path: 'details', getHref: (prefix: string) => `${prefix}/checkout/details` },
    /** The Gmail purchase's first step (BILL-008); `search` carries plan and interval. */
    checkoutInformation: {
      path: 'information',
      getHref: (prefix: string, search = '') => `${prefix}/checkout/information${search}`,
    },
    /** The older checkout (ROUTE-029, ROUTE-030); `search` carries plan and interval or change-billing-cycle. */
    checkoutStart: { getHref: (prefix: string, search = '') => `${prefix}/checkout${search}` },
    /** The older flow's Billing options step. */
    checkoutOptions: {
      path: 'options',
      getHref: (prefix: string, search = '') => `${prefix}/checkout/options${search}`,
    },
    /** The Checkout / Review step; `search` carries plan and interval. */
    checkoutReview: {
      path: 'summary',
      getHref: (prefix: string, search = '') => `${prefix}/checkout/summary${search}`,
    },
    /** A legacy TEAM space picks its paid users before upgrading (CHK-089). */
    checkoutLegacyUsers: {
      path: 'legacy/users',
      getHref: (prefix: string, search = '') => `${prefix}/checkout/legacy/users${search}`,
    },
    /** CHK-088: a downgrade that would leave no paid user. */
    checkoutCannotDowngrade: {
      path: 'cannot-downgrade',
      getHref: (prefix: string) => `${prefix}/checkout/cannot-downgrade`,
    },
    /** The seat flow's Add seats and Remove unused seats steps (SEAT-031). */
    checkoutAddSeats: { path: 'add-seats', getHref: (prefix: string) => `${prefix}/checkout/add-seats` },
    checkoutRemoveSeats: {
      path: 'remove-seats',
      getHref: (prefix: string) => `${prefix}/checkout/remove-seats`,
    },
    /**
     * MEM-033: the checkout summary of a type change of the Users page (from=users, so it comes
     * back there), for the selected users.
     */
    checkoutSummary: {
      getHref: (prefix: string, userIds: readonly string[]) =>
        `${prefix}/checkout/summary?${new URLSearchParams({ from: 'users', userIds: userIds.join(',') })}`,
    },
  },
  public: {
    unsubscribed: { path: '/unsubscribed', getHref: () => '/unsubscribed' },
    formResponse: { path: '/formresponse', getHref: () => '/formresponse' },
    stopAutomaticRenewal: { path: '/stop-automatic-renewal', getHref: () => '/stop-automatic-renewal' },
    /**
     * RES-015 RES-016 RES-017 RES-018 RES-019 RES-020 RES-021 RES-022 RES-023 RES-024; `search` carries the
     * plan asked for (BILL-004).
     */
    wrongPlan: { path: '/wrong-plan', getHref: (search = '') => `/wrong-plan${search}` },
    /** The server's local mailbox page (embedded shape), loaded from the server, not the app. */
    localMailbox: { path: '/mailbox', getHref: () => '/mailbox' },
  },
} as const;
