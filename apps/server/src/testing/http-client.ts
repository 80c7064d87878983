/**
 * A tiny browser stand-in for integration tests over real HTTP: a cookie jar and manual
 * redirects, so each hop of a sign-in flow can be checked.
 */
export class TestBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url, this.baseUrl);
    const headers = new Headers(init.headers);
    const jar = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (jar && target.origin === new URL(this.baseUrl).origin) headers.set('cookie', jar);
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /max-age=0|expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows redirects until one leaves for `stopAt` (a URL prefix) or a page answers. */
  async follow(
    url: string,
    stopAt: string,
    init: RequestInit = {},
  ): Promise<{ response: Response; url: string }> {
    let current = new URL(url, this.baseUrl).href;
    let response = await this.fetch(current, init);
    for (let hops = 0; hops < 15 && response.status >= 300 && response.status < 400; hops += 1) {
      current = new URL(response.headers.get('location')!, current).href;
      if (current.startsWith(stopAt)) return { response, url: current };
      response = await this.fetch(current);
    }
    return { response, url: current };
  }
}
