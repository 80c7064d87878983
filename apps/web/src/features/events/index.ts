export { CONSENT_COOKIE } from './consent';
export { flushEvents, logEvent, resetEventQueue } from './event-queue';
export { PAGE_VIEW_EVENT, spaceIdOfPath, usePageViews } from './page-views';
