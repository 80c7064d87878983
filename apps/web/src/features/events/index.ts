export { CONSENT_COOKIE, hasAnalyticsConsent } from './consent';
export { EVENT_BATCH_DELAY_MS, flushEvents, logEvent, resetEventQueue } from './event-queue';
export { PAGE_VIEW_EVENT, spaceIdOfPath, usePageViews } from './page-views';
export type { PageViewOptions, UiType } from './page-views';
