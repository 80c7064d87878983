import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetEventQueue } from '../features/events';
import { setAccessToken } from '../lib/access-token';
import { removeCookie } from '../lib/cookies';
import { DEFAULT_VIEWPORT_WIDTH, installMatchMedia, setViewportWidth } from './viewport';

// CI runs every test project at once on two cores: give screens time to settle before a
// find*/waitFor gives up. The first open of a menu or select in a file loads its code with
// import(), which waits for Vite's transform in the one main process the whole suite shares:
// 5 s was not enough there (the default 1 s flaked long before).
configure({ asyncUtilTimeout: 12_000 });

// What jsdom lacks and Mantine needs.
installMatchMedia();

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;
Element.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

beforeEach(() => {
  setViewportWidth(DEFAULT_VIEWPORT_WIDTH);
});

afterEach(() => {
  cleanup();
  setAccessToken(null);
  resetEventQueue();
  document.title = '';
  // Each test starts with a browser that has never seen the app.
  for (const pair of document.cookie.split(/;\s*/).filter(Boolean)) removeCookie(pair.split('=')[0] ?? '');
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
