import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS } from '@mergeboard/core';

/** Narrower than the tablet breakpoint (990 px) is the mobile layout (SHELL-027). */
const MOBILE_MEDIA_QUERY = `(max-width: ${em(BREAKPOINTS.tablet - 0.1)})`;

/**
 * True while the viewport is in the mobile layout. Read synchronously on first render (this is
 * a client-only app), so screens do not flash the desktop layout on phones.
 */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_MEDIA_QUERY, undefined, { getInitialValueInEffect: false });
}
