import { afterEach } from 'vitest';
import { env } from '../config/env';

type Env = typeof env;

let saved: Env | null = null;

/**
 * Runs the current test as an install configured differently (e.g. nothing configured, or Google
 * sign-in): `env` is the one object every screen reads, so it is changed in place and put back
 * after the test.
 */
export function configureInstall(changes: Partial<Env>): void {
  saved ??= { ...env };
  Object.assign(env, changes);
}

/** What an install shows when its operator configured none of its own content (issue 24). */
export const NOTHING_CONFIGURED: Partial<Env> = {
  supportUrl: null,
  helpCenterUrl: null,
  termsUrl: null,
  privacyUrl: null,
  cookiePolicyUrl: null,
  dpaUrl: null,
  reviewBadges: [],
  testimonials: [],
};

afterEach(() => {
  if (saved) Object.assign(env, saved);
  saved = null;
});
