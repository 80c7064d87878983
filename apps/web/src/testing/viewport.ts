/**
 * jsdom has no layout, so `window.matchMedia` is missing. This stand-in evaluates the width
 * queries our layout uses — `(min-width: …)` / `(max-width: …)` in px or em, joined by `and` —
 * against `window.innerWidth`, and tells listeners when {@link setViewportWidth} changes the
 * answer. Any other media feature (colour scheme, reduced motion…) does not match.
 */
const ROOT_FONT_SIZE_PX = 16;

function toPx(value: string, unit: string): number {
  return unit === 'px' ? Number(value) : Number(value) * ROOT_FONT_SIZE_PX;
}

function evaluate(query: string, width: number): boolean {
  const conditions = query.split(/\s+and\s+/i).map((part) => part.trim());
  return conditions.every((condition) => {
    const match = /^\((min|max)-width:\s*([\d.]+)(px|em|rem)\)$/i.exec(condition);
    if (!match) return false;
    const [, bound, value = '0', unit = 'px'] = match;
    const limit = toPx(value, unit.toLowerCase());
    return bound === 'min' ? width >= limit : width <= limit;
  });
}

type Listener = (event: MediaQueryListEvent) => void;
const lists = new Set<{ query: string; matches: boolean; listeners: Set<Listener> }>();

export function installMatchMedia(): void {
  window.matchMedia = (query: string): MediaQueryList => {
    const entry = { query, matches: evaluate(query, window.innerWidth), listeners: new Set<Listener>() };
    lists.add(entry);
    const list = {
      media: query,
      get matches() {
        return evaluate(query, window.innerWidth);
      },
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => entry.listeners.add(listener),
      removeEventListener: (_type: string, listener: Listener) => entry.listeners.delete(listener),
      addListener: (listener: Listener) => entry.listeners.add(listener),
      removeListener: (listener: Listener) => entry.listeners.delete(listener),
      dispatchEvent: () => true,
    };
    return list as unknown as MediaQueryList;
  };
}

/** Resizes the jsdom window and notifies every media query whose answer changed. Wrap in `act`. */
export function setViewportWidth(width: number): void {
  window.innerWidth = width;
  for (const entry of lists) {
    const matches = evaluate(entry.query, width);
    if (matches === entry.matches) continue;
    entry.matches = matches;
    for (const listener of entry.listeners) listener({ matches, media: entry.query } as MediaQueryListEvent);
  }
  window.dispatchEvent(new Event('resize'));
}

export const DEFAULT_VIEWPORT_WIDTH = 1280;
