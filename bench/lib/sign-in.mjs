// Signing in without a browser for the benchmarks: the real OpenID flow against the server's
// built-in issuer over HTTP, with a tiny cookie jar and manual redirects (the steps of
// apps/server/src/testing/sign-in.ts, in plain JS).

const CALLBACK_PATH = '/login/callback';

export class Browser {
  cookies = new Map();

  constructor(baseUrl) {
    this.baseUrl = baseUrl;
  }

  async fetch(url, init = {}) {
    const target = new URL(url, this.baseUrl);
    const headers = new Headers(init.headers);
    const jar = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (jar && target.origin === new URL(this.baseUrl).origin) headers.set('cookie', jar);
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0|expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows redirects until one leaves for `stopAt` (a URL prefix) or a page answers. */
  async follow(url, stopAt, init = {}) {
    let current = new URL(url, this.baseUrl).href;
    let response = await this.fetch(current, init);
    for (let hops = 0; hops < 15 && response.status >= 300 && response.status < 400; hops += 1) {
      current = new URL(response.headers.get('location'), current).href;
      if (current.startsWith(stopAt)) return { response, url: current };
      await response.body?.cancel();
      response = await this.fetch(current);
    }
    return { response, url: current };
  }
}

function formAction(html) {
  const match = /<form[^>]*action="([^"]+)"/i.exec(html);
  if (!match) throw new Error(`No sign-in form in:\n${html.slice(0, 500)}`);
  return match[1].replaceAll('&amp;', '&');
}

/** authorize → issuer page → form → callback with code and state → token; answers the session. */
export async function signIn(baseUrl, person) {
  const browser = new Browser(baseUrl);
  const callback = `${baseUrl}${CALLBACK_PATH}`;
  const toIssuer = await browser.follow('/api/v1/auth/authorize?prompt=select_account', callback);
  if (toIssuer.response.status !== 200) {
    throw new Error(`Expected the issuer page, got ${toIssuer.response.status}`);
  }
  const page = await toIssuer.response.text();
  const form = new URLSearchParams({ email: person.email, name: person.name ?? '' });
  const back = await browser.follow(new URL(formAction(page), toIssuer.url).href, callback, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  if (!back.url.startsWith(callback)) {
    throw new Error(`Sign-in did not come back: ${back.url} ${back.response.status}`);
  }
  const params = new URL(back.url).searchParams;
  const body = { code: params.get('code'), state: params.get('state') };
  if (params.get('iss')) body.iss = params.get('iss');
  const token = await browser.fetch('/api/v1/auth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (token.status !== 200) throw new Error(`Token exchange failed: ${token.status} ${await token.text()}`);
  return token.json();
}
