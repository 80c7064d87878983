import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const storageKey = 'mergeboard-scroll-positions';

function readPositions(): Map<string, number> {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(storageKey) ?? '{}') as Record<string, number>;
    return new Map(Object.entries(stored));
  } catch {
    return new Map();
  }
}

/**
 * What React Router's <ScrollRestoration> did for its data router (route-tree.tsx says why the
 * app has none): a new page starts at the top (or at its #hash); back, forward and a reload come
 * back to where that page was scrolled to. Positions are kept per history entry, and in
 * sessionStorage when the page is left so that a reload finds them.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const [positions] = useState(readPositions);
  // The entry scrolling now; moved before the new page is scrolled so that scroll events from
  // here on (they arrive later) are never booked to the page left.
  const current = useRef(location.key);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const record = () => positions.set(current.current, window.scrollY);
    const persist = () => {
      try {
        window.sessionStorage.setItem(storageKey, JSON.stringify(Object.fromEntries(positions)));
      } catch {
        // Storage full or refused: only the position after a reload is lost.
      }
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = 'auto';
    };
  }, [positions]);

  useLayoutEffect(() => {
    current.current = location.key;
    const saved = navigationType === 'PUSH' ? undefined : positions.get(location.key);
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [positions, location.key, location.hash, navigationType]);

  return null;
}
