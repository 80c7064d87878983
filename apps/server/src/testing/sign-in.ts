import { AUTH_CALLBACK_PATH, authSessionSchema, type AuthSession } from '@mergeboard/core';
import { TestBrowser } from './http-client';

function formAction(html: string): string {
  const match = /<form[^>]*action="([^"]+)"/i.exec(html);
  if (!match) throw new Error(`No sign-in form in:\n${html.slice(0, 500)}`);
  return match[1]!.replaceAll('&amp;', '&');
}

/**
 * Goes through the whole OpenID flow against the built-in issuer, as the browser would:
 * authorize → issuer sign-in page → form → callback with code and state → token exchange.
 */
export async function signInThroughLocalIssuer(
  baseUrl: string,
  person: { email: string; name?: string },
  browser = new TestBrowser(baseUrl),
): Promise<{ session: AuthSession; browser: TestBrowser; setCookies: string[] }> {
  const callback = `${baseUrl}${AUTH_CALLBACK_PATH}`;
  const toIssuer = await browser.follow('/api/v1/auth/authorize?prompt=select_account', callback);
  if (toIssuer.response.status !== 200)
    throw new Error(`Expected the issuer page, got ${toIssuer.response.status}`);
  const page = await toIssuer.response.text();
  const form = new URLSearchParams({ email: person.email, name: person.name ?? '' });
  const back = await browser.follow(new URL(formAction(page), toIssuer.url).href, callback, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  if (!back.url.startsWith(callback))
    throw new Error(`Sign-in did not come back: ${back.url} ${back.response.status}`);
  const params = new URL(back.url).searchParams;
  const token = await browser.fetch('/api/v1/auth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: params.get('code'), state: params.get('state') }),
  });
  if (token.status !== 200) throw new Error(`Token exchange failed: ${token.status} ${await token.text()}`);
  return {
    session: authSessionSchema.parse(await token.json()),
    browser,
    // The token answer's cookies (the session cookie), as the server wrote them.
    setCookies: token.headers.getSetCookie(),
  };
}
