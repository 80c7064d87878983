import { createServer, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app/build-app';
import { jobsFor } from '../../app/jobs';
import { startQueue, type Queue } from '../../jobs/queue';
import { createPayments } from '../../features/billing';
import { testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { DatabaseAdapter } from './adapter';
import { LOCAL_ISSUER_PATH, registerLocalIssuer, subjectForEmail } from './index';

const CLIENT = { clientId: 'mergeboard-web', clientSecret: 'local-issuer-test-secret' };
const PRODUCT_NAME = 'Mergeboard';
const NOTICE =
  'This Mergeboard install uses local sign-in: enter the address you want to use. Anyone who can reach this page can sign in as any address, so keep the install private or configure Google sign-in.';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  return port;
}

interface IssuerServer {
  app: FastifyInstance;
  origin: string;
  issuerUrl: string;
  redirectUri: string;
}

/** The real app (helmet, cookies, error handler) with the issuer, listening on a real port. */
async function startIssuer(database: TestDatabase, queue: Queue): Promise<IssuerServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const issuerUrl = `${origin}${LOCAL_ISSUER_PATH}`;
  const redirectUri = `${origin}/api/auth/callback`;
  // Google configured, so buildApp leaves /oidc to this test, which mounts the issuer itself.
  const config = testConfig({
    PUBLIC_URL: origin,
    GOOGLE_CLIENT_ID: 'unused',
    GOOGLE_CLIENT_SECRET: 'unused',
  });
  const app = await buildApp({
    context: { config, database, queue, payments: createPayments(config) },
    webDistDir: null,
    logger: false,
    routes: [],
  });
  await registerLocalIssuer(app, {
    database,
    issuerUrl,
    client: { ...CLIENT, redirectUris: [redirectUri] },
    productName: PRODUCT_NAME,
    secret: config.SESSION_SECRET,
  });
  await app.listen({ host: '127.0.0.1', port });
  return { app, origin, issuerUrl, redirectUri };
}

/** Just enough of a browser: cookies by name and path, redirects followed by hand. */
class Browser {
  private cookies = new Map<string, { name: string; value: string; path: string }>();

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const cookie = [...this.cookies.values()]
      .filter((c) => target.pathname.startsWith(c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const headers = new Headers(init.headers);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = attributes.some(
        (a) => a.toLowerCase().startsWith('expires=') && new Date(a.slice(8)).getTime() < Date.now(),
      );
      const key = `${name};${path}`;
      if (expired || value === '') this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path });
    }
    return response;
  }

  /** Follows redirects until one leaves for `stopAt` (answered, not fetched) or a page answers. */
  async follow(
    url: string,
    stopAt: string,
    init?: RequestInit,
  ): Promise<{ response?: Response; url: string }> {
    let current = url;
    let response = await this.request(current, init);
    for (let hop = 0; hop < 10; hop += 1) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { response, url: current };
      current = new URL(location, current).href;
      if (current.startsWith(stopAt)) return { url: current };
      response = await this.request(current);
    }
    throw new Error('too many redirects');
  }
}

function formAction(html: string, pageUrl: string): string {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('no sign-in form on the page');
  return new URL(action, pageUrl).href;
}

describe('local OpenID issuer', () => {
  let database: TestDatabase;
  let queue: Queue;
  let issuer: IssuerServer;
  let client: oidc.Configuration;

  beforeAll(async () => {
    database = await createTestDatabase();
    queue = await startQueue({
      database,
      config: testConfig(),
      logger: pino({ level: 'silent' }),
      work: false,
      jobs: await jobsFor(testConfig()),
    });
    issuer = await startIssuer(database, queue);
    client = await oidc.discovery(
      new URL(issuer.issuerUrl),
      CLIENT.clientId,
      undefined,
      oidc.ClientSecretBasic(CLIENT.clientSecret),
      { execute: [oidc.allowInsecureRequests] },
    );
  });

  afterAll(async () => {
    await issuer?.app.close();
    await queue?.stop();
    await database?.destroy();
  });

  async function startSignIn(
    browser: Browser,
    options: { prompt?: string; loginHint?: string; scope?: string } = {},
  ) {
    const checks = {
      pkceCodeVerifier: oidc.randomPKCECodeVerifier(),
      expectedState: oidc.randomState(),
      expectedNonce: oidc.randomNonce(),
    };
    const url = oidc.buildAuthorizationUrl(client, {
      redirect_uri: issuer.redirectUri,
      scope: options.scope ?? 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.pkceCodeVerifier),
      code_challenge_method: 'S256',
      state: checks.expectedState,
      nonce: checks.expectedNonce,
      ...(options.prompt ? { prompt: options.prompt } : {}),
      ...(options.loginHint ? { login_hint: options.loginHint } : {}),
    });
    const landed = await browser.follow(url.href, issuer.redirectUri);
    return { checks, landed };
  }

  /** The whole trip: authorization request, sign-in page, form, callback, token request. */
  async function signIn(
    browser: Browser,
    person: { email: string; name?: string },
    prompt: string | undefined = 'select_account',
  ) {
    const { checks, landed } = await startSignIn(browser, {
      ...(prompt ? { prompt } : {}),
      loginHint: person.email,
    });
    const page = landed.response;
    expect(page?.status, 'the sign-in page is shown').toBe(200);
    const html = (await page?.text()) ?? '';
    const submitted = await browser.follow(formAction(html, landed.url), issuer.redirectUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: person.email, name: person.name ?? '' }).toString(),
    });
    expect(submitted.response, 'the form leads back to the client').toBeUndefined();
    const callback = new URL(submitted.url);
    const tokens = await oidc.authorizationCodeGrant(client, callback, { ...checks, idTokenExpected: true });
    return { html, page, callback, tokens, claims: tokens.claims() };
  }

  it('publishes discovery for the issuer URL, with PKCE S256 and the Gmail scope', () => {
    const metadata = client.serverMetadata();
    expect(metadata.issuer).toBe(issuer.issuerUrl);
    expect(metadata.authorization_endpoint).toBe(`${issuer.issuerUrl}/auth`);
    expect(metadata.token_endpoint).toBe(`${issuer.issuerUrl}/token`);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile', 'https://www.googleapis.com/auth/gmail.compose']),
    );
  });

  it('signs in with the page and answers an id token for the address typed', async () => {
    const browser = new Browser();
    const { html, page, callback, tokens, claims } = await signIn(browser, {
      email: 'Ada.Lovelace@Example.com',
      name: 'Ada Lovelace',
    });

    expect(page?.headers.get('content-type')).toContain('text/html');
    expect(page?.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).toContain('<h1>Sign in to Mergeboard</h1>');
    expect(html).toContain(NOTICE);
    expect(html).toContain('<label for="email">Email address</label>');
    expect(html).toMatch(
      /<input id="email" name="email" type="email" required[^>]*value="Ada.Lovelace@Example.com"/,
    );
    expect(html).toContain('<button type="submit">Continue</button>');
    expect(html).not.toContain('<script');

    expect(callback.searchParams.get('code')).toBeTruthy();
    expect(callback.searchParams.get('state')).toBeTruthy();
    expect(claims).toMatchObject({
      iss: issuer.issuerUrl,
      aud: CLIENT.clientId,
      sub: subjectForEmail('ada.lovelace@example.com'),
      email: 'ada.lovelace@example.com',
      email_verified: true,
      name: 'Ada Lovelace',
    });

    // The code was consumed: a replay is refused.
    await expect(
      oidc.authorizationCodeGrant(client, callback, {
        pkceCodeVerifier: 'x'.repeat(43),
        expectedState: callback.searchParams.get('state') ?? '',
      }),
    ).rejects.toThrow();
    expect(tokens.access_token).toBeTruthy();
  });

  it('shows the page again for prompt=select_account and prompt=login; the subject follows the address', async () => {
    const browser = new Browser();
    const first = await signIn(browser, { email: 'grace@example.com' });
    expect(first.claims?.name).toBe('Grace');

    // The issuer session exists, yet both prompts show the page, and the same address gives the same sub.
    const again = await signIn(browser, { email: 'grace@example.com', name: 'Grace Hopper' });
    expect(again.claims?.sub).toBe(first.claims?.sub);
    expect(again.claims?.name).toBe('Grace Hopper');
    const relogin = await signIn(browser, { email: 'GRACE@example.com' }, 'login');
    expect(relogin.claims?.sub).toBe(first.claims?.sub);

    // Another address in the same browser is another person.
    const other = await signIn(browser, { email: 'alan.turing@example.com' });
    expect(other.claims?.sub).not.toBe(first.claims?.sub);
    expect(other.claims).toMatchObject({ email: 'alan.turing@example.com', name: 'Alan Turing' });

    // Without a prompt the issuer's session answers at once, for the last address signed in.
    const silent = await startSignIn(browser);
    expect(silent.landed.response).toBeUndefined();
    const callback = new URL(silent.landed.url);
    expect(callback.searchParams.get('code')).toBeTruthy();
    const tokens = await oidc.authorizationCodeGrant(client, callback, {
      ...silent.checks,
      idTokenExpected: true,
    });
    expect(tokens.claims()?.sub).toBe(other.claims?.sub);
  });

  const COMPOSE = 'https://www.googleapis.com/auth/gmail.compose';
  const WITH_COMPOSE = `openid email profile ${COMPOSE}`;

  /** Answers the consent page the issuer showed (its form posts `decision`). */
  async function answerConsent(
    browser: Browser,
    page: { response?: Response; url: string },
    decision: string,
  ) {
    expect(page.response?.status, 'the consent page is shown').toBe(200);
    const html = (await page.response?.text()) ?? '';
    const answered = await browser.follow(formAction(html, page.url), issuer.redirectUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ decision }).toString(),
    });
    expect(answered.response, 'the consent form leads back to the client').toBeUndefined();
    return { html, callback: new URL(answered.url) };
  }

  it('AUTH-019 asks on a consent page before granting the Gmail scope; Allow grants it once and for all', async () => {
    const browser = new Browser();
    await signIn(browser, { email: 'compose@example.com', name: 'Compose Person' });
    // The app asks a signed-in person without a prompt: only the consent page shows.
    const asked = await startSignIn(browser, { scope: WITH_COMPOSE, loginHint: 'compose@example.com' });
    expect(asked.landed.url).toMatch(/\/oidc\/interaction\//);
    const { html, callback } = await answerConsent(browser, asked.landed, 'allow');
    expect(html).toContain('<h1>Allow Mergeboard to compose mail?</h1>');
    expect(html).toContain('Signed in as <strong>compose@example.com</strong>.');
    expect(html).toContain('<button type="submit" name="decision" value="allow"');
    expect(html).toContain(
      '<button type="submit" name="decision" value="deny" class="secondary">Deny</button>',
    );
    expect(html).not.toContain('<script');
    const tokens = await oidc.authorizationCodeGrant(client, callback, {
      ...asked.checks,
      idTokenExpected: true,
    });
    expect(tokens.scope?.split(' ')).toContain(COMPOSE);
    expect(tokens.claims()?.email).toBe('compose@example.com');

    // Granted: asking again goes straight back with the scope.
    const again = await startSignIn(browser, { scope: WITH_COMPOSE, loginHint: 'compose@example.com' });
    expect(again.landed.response, 'no page this time').toBeUndefined();
    const second = await oidc.authorizationCodeGrant(client, new URL(again.landed.url), again.checks);
    expect(second.scope?.split(' ')).toContain(COMPOSE);

    // A plain sign-in does not ask for the scope, so its token response does not name it.
    const plain = await signIn(browser, { email: 'compose@example.com' });
    expect(plain.tokens.scope?.split(' ')).not.toContain(COMPOSE);
  });

  it('AUTH-019 TPL-005 Deny sends the client error=access_denied with its state, and no code', async () => {
    const browser = new Browser();
    await signIn(browser, { email: 'denier@example.com' });
    const asked = await startSignIn(browser, { scope: WITH_COMPOSE, loginHint: 'denier@example.com' });
    const { callback } = await answerConsent(browser, asked.landed, 'deny');
    expect(callback.href.startsWith(issuer.redirectUri)).toBe(true);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('error_description')).toBe(
      'Permission to compose mail was not given to Mergeboard',
    );
    expect(callback.searchParams.get('state')).toBe(asked.checks.expectedState);
    expect(callback.searchParams.get('code')).toBeNull();

    // Nothing was granted: the next request asks again.
    const again = await startSignIn(browser, { scope: WITH_COMPOSE, loginHint: 'denier@example.com' });
    expect(again.landed.response?.status).toBe(200);
    expect(await again.landed.response?.text()).toContain('Allow Mergeboard to compose mail?');
  });

  it('AUTH-019 shows the sign-in page first when the login hint names another account, then the consent page', async () => {
    const browser = new Browser();
    await signIn(browser, { email: 'someone.else@example.com' });
    const asked = await startSignIn(browser, { scope: WITH_COMPOSE, loginHint: 'hinted@example.com' });
    const html = (await asked.landed.response?.text()) ?? '';
    expect(html).toContain('<h1>Sign in to Mergeboard</h1>');
    expect(html).toMatch(/<input id="email"[^>]*value="hinted@example.com"/);
    const submitted = await browser.follow(formAction(html, asked.landed.url), issuer.redirectUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'hinted@example.com', name: '' }).toString(),
    });
    const { html: consent, callback } = await answerConsent(browser, submitted, 'allow');
    expect(consent).toContain('Signed in as <strong>hinted@example.com</strong>.');
    const tokens = await oidc.authorizationCodeGrant(client, callback, {
      ...asked.checks,
      idTokenExpected: true,
    });
    expect(tokens.claims()?.sub).toBe(subjectForEmail('hinted@example.com'));
    expect(tokens.scope?.split(' ')).toContain(COMPOSE);
  });

  it('refuses a consent answer for an interaction that is not asking for the Gmail scope', async () => {
    const browser = new Browser();
    const { landed } = await startSignIn(browser, { prompt: 'select_account' });
    const consentUrl = landed.url.replace(/\/?$/, '/consent');
    const response = await browser.request(consentUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=allow',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('This sign-in has expired');
  });

  it('re-renders the page with the error and status 400 on a bad address or a too-long name', async () => {
    const browser = new Browser();
    const { landed } = await startSignIn(browser, { prompt: 'select_account' });
    const html = (await landed.response?.text()) ?? '';
    const action = formAction(html, landed.url);
    const post = (fields: Record<string, string>) =>
      browser.request(action, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });

    const badEmail = await post({ email: '"><script>alert(1)</script>', name: '' });
    expect(badEmail.status).toBe(400);
    const badEmailHtml = await badEmail.text();
    expect(badEmailHtml).toContain('Enter a valid email address, like name@example.com.');
    expect(badEmailHtml).toContain('aria-invalid="true"');
    expect(badEmailHtml).toContain('value="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;"');
    expect(badEmailHtml).not.toContain('<script>');

    const longName = await post({ email: 'long@example.com', name: 'n'.repeat(257) });
    expect(longName.status).toBe(400);
    expect(await longName.text()).toContain('Keep the name to 256 characters or fewer.');

    // The interaction is still alive: a good submission goes through.
    const fixed = await post({ email: 'long@example.com', name: 'n'.repeat(256) });
    expect(fixed.status).toBe(303);
  });

  it('answers an expired-page notice for an interaction the browser does not hold', async () => {
    const response = await fetch(`${issuer.issuerUrl}/interaction/not-a-real-uid`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('This sign-in has expired');
  });

  it('refuses a redirect_uri that is not registered, without redirecting', async () => {
    const url = oidc.buildAuthorizationUrl(client, {
      redirect_uri: 'https://attacker.example/callback',
      scope: 'openid email',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state: oidc.randomState(),
    });
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('redirect_uri');
  });

  it('refuses an authorization request without PKCE', async () => {
    const url = oidc.buildAuthorizationUrl(client, {
      redirect_uri: issuer.redirectUri,
      scope: 'openid email',
      state: oidc.randomState(),
    });
    const response = await fetch(url, { redirect: 'manual' });
    const location = new URL(response.headers.get('location') ?? '', url);
    expect(location.href.startsWith(issuer.redirectUri)).toBe(true);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('keeps its signing keys for a second server on the same database', async () => {
    const second = await startIssuer(database, queue);
    try {
      const jwks = async (url: string) =>
        ((await (await fetch(`${url}/jwks`)).json()) as { keys: { kid: string; n: string }[] }).keys;
      const [firstKeys, secondKeys] = await Promise.all([jwks(issuer.issuerUrl), jwks(second.issuerUrl)]);
      expect(firstKeys).toHaveLength(1);
      expect(secondKeys.map((k) => [k.kid, k.n])).toEqual(firstKeys.map((k) => [k.kid, k.n]));
    } finally {
      await second.app.close();
    }
  });
});

describe('local issuer storage adapter', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it('finds live rows by id, uid and user code, and treats expired rows as missing', async () => {
    const sessions = new DatabaseAdapter(database, 'Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a1' }, 60);
    expect(await sessions.find('s1')).toMatchObject({ uid: 'u1', accountId: 'a1' });
    expect(await sessions.findByUid('u1')).toMatchObject({ accountId: 'a1' });
    expect(await new DatabaseAdapter(database, 'Interaction').find('s1')).toBeUndefined();

    await database.execute(
      "UPDATE oidc_payloads SET expires_at = now() - interval '1 second' WHERE model = $1 AND id = $2",
      ['Session', 's1'],
    );
    expect(await sessions.find('s1')).toBeUndefined();
    expect(await sessions.findByUid('u1')).toBeUndefined();

    const devices = new DatabaseAdapter(database, 'DeviceCode');
    await devices.upsert('d1', { userCode: 'ABCD-EFGH', grantId: 'g1' }, 60);
    expect(await devices.findByUserCode('ABCD-EFGH')).toMatchObject({ grantId: 'g1' });
  });

  it('marks consumed codes and revokes every token of a grant', async () => {
    const codes = new DatabaseAdapter(database, 'AuthorizationCode');
    const accessTokens = new DatabaseAdapter(database, 'AccessToken');
    await codes.upsert('c1', { grantId: 'g2' }, 60);
    await accessTokens.upsert('t1', { grantId: 'g2' }, 60);
    await accessTokens.upsert('t2', { grantId: 'other' }, 60);

    await codes.consume('c1');
    const consumed = await codes.find('c1');
    expect(typeof consumed?.consumed).toBe('number');

    await accessTokens.revokeByGrantId('g2');
    expect(await codes.find('c1')).toBeUndefined();
    expect(await accessTokens.find('t1')).toBeUndefined();
    expect(await accessTokens.find('t2')).toBeDefined();

    await accessTokens.destroy('t2');
    expect(await accessTokens.find('t2')).toBeUndefined();
  });
});
