import { useEffect } from 'react';

/** One indirection so tests can see the reload: jsdom cannot reload. */
export const pageReload = {
  reload(): void {
    window.location.reload();
  },
};

/**
 * CHK-065: back from the hosted checkout, the browser may restore this page from its
 * back/forward cache, with a stale loading button and price; it is loaded afresh instead.
 */
export function useReloadWhenRestored(): void {
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) pageReload.reload();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
}
