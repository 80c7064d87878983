import { lazy, Suspense } from 'react';

// Nothing of the banner comes with the page that shows it (the mail merges page is a first
// load): its code, which decides whether this user sees one (SEAT-026, C1), loads after.
const ScheduledRemovalBanner = lazy(async () => ({
  default: (await import('./scheduled-removal-banner')).ScheduledRemovalBanner,
}));

/** SEAT-026: where a page shows the scheduled downgrade banner. */
export function ScheduledRemovalNotice() {
  return (
    <Suspense fallback={null}>
      <ScheduledRemovalBanner />
    </Suspense>
  );
}
