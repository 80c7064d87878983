const SAME_ORIGIN = 'http://same.origin';

/** Control characters and backslashes have no place in a target (browsers read `\` as `/`). */
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

/** A path that a browser (or a router) would read as another host: `//host` or `/\host`. */
function leavesSite(path: string): boolean {
  return (
    !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\') || UNSAFE_CHARACTERS.test(path)
  );
}

const isLoginPage = (path: string) => path === '/login' || path.startsWith('/login/');

/**
 * The pathname `raw` normalises to (dot segments resolved, as the browser will), or null when it
 * is not a path on this site.
 */
function normalisedPath(raw: string): string | null {
  try {
    const url = new URL(raw, SAME_ORIGIN);
    return url.origin === SAME_ORIGIN ? url.pathname : null;
  } catch {
    return null;
  }
}

/**
 * The `continue` target after sign-in must stay on this site (no open redirect): only a path
 * that starts with a single `/` is kept; anything else (absolute URLs, `//host`, `/\host`,
 * control characters) falls back to `/`. The check runs on the target as given, on its
 * normalised form (`/..//evil.example` normalises to `//evil.example`) and on that form
 * percent-decoded and normalised again (`/..%2F%2Fevil.example`), since a router may decode it.
 * The login page itself is never a target.
 */
export function safeContinueTarget(raw: string | null | undefined): string {
  if (!raw || leavesSite(raw)) return '/';
  const path = normalisedPath(raw);
  if (path === null || leavesSite(path)) return '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return '/';
  }
  const decodedPath = normalisedPath(decoded);
  if (leavesSite(decoded) || decodedPath === null || leavesSite(decodedPath)) return '/';
  if (isLoginPage(path) || isLoginPage(decodedPath)) return '/';
  const url = new URL(raw, SAME_ORIGIN);
  return `${path}${url.search}${url.hash}`;
}

/** `/login?continue=…` for a path the visitor asked for (ROUTE-004). */
export function loginHrefFor(pathAndSearch: string): string {
  const target = safeContinueTarget(pathAndSearch);
  return target === '/' ? '/login' : `/login?continue=${encodeURIComponent(target)}`;
}
