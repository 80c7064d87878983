import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { setAccessToken } from '../lib/access-token';
import { DEFAULT_VIEWPORT_WIDTH, installMatchMedia, setViewportWidth } from './viewport';

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
  document.title = '';
});
