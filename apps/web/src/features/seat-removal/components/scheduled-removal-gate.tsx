import { seesScheduledRemoval } from '@mergeboard/core';
import { lazy, Suspense } from 'react';
import { useSpace } from '../../spaces';

// The banner's code (its calls and the dialog) loads only for those who may see one.
const ScheduledRemovalBanner = lazy(async () => ({
  default: (await import('./scheduled-removal-banner')).ScheduledRemovalBanner,
}));

/**
 * SEAT-026 (C1): where a page shows the scheduled downgrade banner. Only the owner and the admins
 * of a PRO space load it; for everyone else it is nothing.
 */
export function ScheduledRemovalNotice() {
  const { space } = useSpace();
  if (!seesScheduledRemoval({ workspacePlan: space.workspacePlan, role: space.userRole })) return null;
  return (
    <Suspense fallback={null}>
      <ScheduledRemovalBanner />
    </Suspense>
  );
}
