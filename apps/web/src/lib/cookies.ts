/**
 * Tiny first-party cookie helpers (no dependency needed). Every cookie is written with path /,
 * SameSite=Lax and, under https, Secure (AUTH-032). Browsers drop a Secure cookie set from
 * plain http (e.g. http://localhost), so Secure is only added when the page itself is https.
 */
const DAY_SECONDS = 24 * 60 * 60;

interface CookieOptions {
  /** Lifetime in days; a cookie without one ends with the browser session. */
  days?: number;
}

/** The `document.cookie` line that writes one cookie. */
export function serializeCookie(
  name: string,
  value: string,
  { days, secure }: CookieOptions & { secure: boolean },
): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Lax'];
  if (days !== undefined) parts.push(`max-age=${Math.round(days * DAY_SECONDS)}`);
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

function pageIsSecure(): boolean {
  return window.location.protocol === 'https:';
}

export function getCookie(name: string): string | null {
  for (const pair of document.cookie ? document.cookie.split(/;\s*/) : []) {
    const separator = pair.indexOf('=');
    const key = separator === -1 ? pair : pair.slice(0, separator);
    if (key !== name) continue;
    const value = separator === -1 ? '' : pair.slice(separator + 1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  document.cookie = serializeCookie(name, value, { ...options, secure: pageIsSecure() });
}

export function removeCookie(name: string): void {
  document.cookie = serializeCookie(name, '', { days: 0, secure: pageIsSecure() });
}
