/**
 * The `continue` target after sign-in must stay on this site (no open redirect): only a path
 * that starts with a single `/` is kept; anything else (absolute URLs, `//host`, `/\host`,
 * control characters) falls back to `/`. The login page itself is never a target.
 */
export function safeContinueTarget(raw: string | null | undefined): string {
  if (!raw) return '/';
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return '/';
  try {
    const url = new URL(raw, 'http://same.origin');
    if (url.origin !== 'http://same.origin') return '/';
    if (url.pathname === '/login' || url.pathname.startsWith('/login/')) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/** `/login?continue=…` for a path the visitor asked for (ROUTE-004). */
export function loginHrefFor(pathAndSearch: string): string {
  const target = safeContinueTarget(pathAndSearch);
  return target === '/' ? '/login' : `/login?continue=${encodeURIComponent(target)}`;
}
