import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { hasAnalyticsConsent } from './consent';
import { logEvent } from './event-queue';

export const PAGE_VIEW_EVENT = 'webapp_page_view';

/** The URL the app was opened at, sent with every page view. */
const initialUrl = typeof window === 'undefined' ? '' : window.location.href;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The space id of a space URL (`/{workspaceId}/{slug}/…`), else null. */
export function spaceIdOfPath(pathname: string): string | null {
  const first = pathname.split('/')[1] ?? '';
  return UUID.test(first) ? first.toLowerCase() : null;
}

type UiType = 'spaces' | 'seats_in_spaces';

interface PageViewOptions {
  /** True while signed in with the user loaded (EVT-006). */
  enabled: boolean;
  uiType: UiType;
}

/**
 * Logs a `webapp_page_view` (EVT-007) for each navigation while `enabled`, when the visitor
 * consented to analytics (EVT-012). Mount once, inside the router.
 */
export function usePageViews({ enabled, uiType }: PageViewOptions): void {
  const location = useLocation();
  const lastTracked = useRef<string | null>(null);

  useEffect(() => {
    if (!enabled || lastTracked.current === location.key || !hasAnalyticsConsent()) return;
    lastTracked.current = location.key;
    const spaceId = spaceIdOfPath(location.pathname);
    logEvent(
      PAGE_VIEW_EVENT,
      {
        message: 'Page view',
        ui_type: uiType,
        page_path: location.pathname,
        space_id: spaceId,
        search: location.search,
        initial_url: initialUrl,
        checkout_cart_paid_users_quantity: null,
        checkout_cart_free_users_quantity: null,
      },
      spaceId ?? undefined,
    );
  }, [enabled, uiType, location]);
}
