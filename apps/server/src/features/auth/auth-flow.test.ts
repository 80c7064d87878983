import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema, errorBodySchema, type AuthSession } from '@mergeboard/core';
import { sessions } from '../../db/schema';
import { seedDemo } from '../../embedded/demo';
import { createListeningTestApp } from '../../testing/listening-app';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TestBrowser } from '../../testing/http-client';
import { signInThroughLocalIssuer } from '../../testing/sign-in';
import { createTokenKeys, signToken } from '../../access/tokens';
import { SESSION_COOKIE } from './refresh-cookie';

type Listening = TestApp & { baseUrl: string };

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const bearer = (token: string, init: RequestInit = {}) => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
});

describe('sign-in through the built-in OpenID issuer', () => {
  let t: Listening;
  let secondProcess: TestApp;
  beforeAll(async () => {
    t = await createListeningTestApp();
    await seedDemo({ db: t.database.db });
    // Another server process on the same database, to check revocation reaches it at once.
    secondProcess = await createTestApp({ database: t.database, env: { PUBLIC_URL: t.baseUrl } });
  });
  afterAll(async () => {
    await secondProcess.close();
    await t.close();
  });

  const me = (token: string, app: TestApp = t) =>
    app.app.inject({
      method: 'GET',
      url: '/api/v2/users/me?includeWorkspaces=true',
      headers: { authorization: `Bearer ${token}` },
    });

  it('AUTH-002 starts with a redirect carrying state, nonce and PKCE, the checks kept in an httpOnly Lax cookie', async () => {
    const browser = new TestBrowser(t.baseUrl);
    const res = await browser.fetch('/api/v1/auth/authorize?prompt=select_account');
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.href.startsWith(`${t.baseUrl}/oidc/`)).toBe(true);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('state')).toBeTruthy();
    expect(location.searchParams.get('nonce')).toBeTruthy();
    expect(location.searchParams.get('prompt')).toBe('select_account');
    expect(location.searchParams.get('redirect_uri')).toBe(`${t.baseUrl}/login/callback`);
    const cookie = res.headers.getSetCookie().find((line) => line.startsWith('mb_oidc='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/v1\/auth/);
    expect(cookie).not.toMatch(/Secure/i); // plain http here; https turns it on
  });

  it('AUTH-019 compose=1 asks the issuer for the Gmail compose scope, for the hinted account, without forcing the sign-in page', async () => {
    const browser = new TestBrowser(t.baseUrl);
    const res = await browser.fetch('/api/v1/auth/authorize?compose=1&loginHint=owner%40acme.example');
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.searchParams.get('scope')).toBe(
      'openid email profile https://www.googleapis.com/auth/gmail.compose',
    );
    expect(location.searchParams.get('login_hint')).toBe('owner@acme.example');
    // The issuer's session answers for that account with only its consent page.
    expect(location.searchParams.get('prompt')).toBeNull();
    expect(location.searchParams.get('include_granted_scopes')).toBeNull();
  });

  it('API-040 AUTH-020 exchanges the code for a session: tokens, a 256-bit session id stored only hashed', async () => {
    const { session } = await signInThroughLocalIssuer(t.baseUrl, {
      email: 'new.person@newco.example',
      name: 'New Person',
    });
    expect(session.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.expiresAt).toBeGreaterThan(Date.now());
    const idClaims = decodeJwt(session.idToken);
    expect(idClaims.iss).toBe(`${t.baseUrl}/oidc`);
    expect(idClaims.aud).toBe('mergeboard-web');
    expect(idClaims.email).toBe('new.person@newco.example');
    const rows = await t.database.db.select().from(sessions);
    const hash = createHash('sha256').update(session.sessionId).digest('hex');
    expect(rows.some((row) => row.tokenHash === hash)).toBe(true);
    expect(rows.some((row) => row.tokenHash === session.sessionId)).toBe(false);
  });

  it('AUTH-003 AUTH-016 a sign-in without an account gets 404 user_not_found from /users/me', async () => {
    const { session } = await signInThroughLocalIssuer(t.baseUrl, { email: 'nobody.yet@newco.example' });
    const res = await me(session.accessToken);
    expect(res.statusCode).toBe(404);
    expect(errorBodySchema.parse(res.json()).error.code).toBe('user_not_found');
  });

  describe('creating an account', () => {
    let session: AuthSession;
    beforeAll(async () => {
      ({ session } = await signInThroughLocalIssuer(t.baseUrl, {
        email: 'Ada.Lovelace@NewCo.example',
        name: 'Ada Lovelace',
      }));
    });

    it('API-005 refuses an address other than the signed-in one, writing nothing', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/users/workspace-activation-create-user',
        headers: { authorization: `Bearer ${session.accessToken}` },
        payload: { userEmail: 'someone.else@newco.example', createSource: 'WEBAPP' },
      });
      expect(res.statusCode).toBe(400);
      expect(errorBodySchema.parse(res.json()).error.fields).toHaveProperty('body.userEmail');
      expect((await me(session.accessToken)).statusCode).toBe(404);
    });

    it('AUTH-004 API-005 creates the account with its own FREE space, OWNER and sending space', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/users/workspace-activation-create-user?checkPeopleApi=true',
        headers: { authorization: `Bearer ${session.accessToken}` },
        payload: { userEmail: 'ada.lovelace@newco.example', createSource: 'WEBAPP' },
      });
      expect(res.statusCode).toBe(201);
      const user = currentUserSchema.parse(res.json());
      expect(user).toMatchObject({
        userEmail: 'ada.lovelace@newco.example',
        userName: 'Ada Lovelace',
        initials: 'AL',
        type: 'BUSINESS',
        isPersonal: false,
        domain: { domainName: 'newco.example' },
        installationTimestamp: null,
      });
      expect(user.userWorkspaces).toHaveLength(1);
      expect(user.userWorkspaces![0]).toMatchObject({
        workspaceName: "Ada's space",
        workspacePlan: 'FREE',
        userRole: 'OWNER',
        isSendingWorkspace: true,
        urlPrefix: `/${user.userWorkspaces![0]!.workspaceId}/ada-s-space`,
      });
      expect(user.addonWorkspaceId).toBe(user.userWorkspaces![0]!.workspaceId);
    });

    it('API-005 answers 409 to a second creation', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/users/workspace-activation-create-user',
        headers: { authorization: `Bearer ${session.accessToken}` },
        payload: { userEmail: 'ada.lovelace@newco.example', createSource: 'WEBAPP' },
      });
      expect(res.statusCode).toBe(409);
      expect(errorBodySchema.parse(res.json()).error.code).toBe('user_already_exists');
    });

    it('API-004 AUTH-045 answers the user, with spaces only when asked', async () => {
      const without = await t.app.inject({
        method: 'GET',
        url: '/api/v2/users/me',
        headers: { authorization: `Bearer ${session.accessToken}` },
      });
      expect(without.statusCode).toBe(200);
      expect(currentUserSchema.parse(without.json()).userWorkspaces).toBeUndefined();
    });
  });

  it('AUTH-047 a gmail.com address is a STANDARD (personal) account', async () => {
    const { session } = await signInThroughLocalIssuer(t.baseUrl, {
      email: 'jo.gmail.user@gmail.com',
      name: 'Jo',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/users/workspace-activation-create-user',
      headers: { authorization: `Bearer ${session.accessToken}` },
      payload: { userEmail: 'jo.gmail.user@gmail.com', createSource: 'WEBAPP' },
    });
    expect(currentUserSchema.parse(res.json())).toMatchObject({
      type: 'STANDARD',
      isPersonal: true,
      domain: null,
    });
  });

  it('AUTH-001 a demo person signs in by address and finds their spaces', async () => {
    const { session } = await signInThroughLocalIssuer(t.baseUrl, { email: 'owner@acme.example' });
    const res = await me(session.accessToken);
    expect(res.statusCode).toBe(200);
    const user = currentUserSchema.parse(res.json());
    expect(user.userEmail).toBe('owner@acme.example');
    expect(user.userWorkspaces?.find((w) => w.workspaceName === 'Acme Sales')).toMatchObject({
      userRole: 'OWNER',
      workspacePlan: 'PRO',
    });
    expect(user.totalNumberOfMailsSent.count).toBeGreaterThan(0);
  });

  describe('refresh and revoke', () => {
    let session: AuthSession;
    let browser: TestBrowser;
    let setCookies: string[];
    beforeAll(async () => {
      ({ session, browser, setCookies } = await signInThroughLocalIssuer(t.baseUrl, {
        email: 'admin@acme.example',
      }));
    });

    it('AUTH-010 API-040 the token exchange sets an HttpOnly, SameSite=Lax session cookie on the auth calls and /mailbox only', () => {
      const lines = setCookies.filter((line) => line.startsWith(`${SESSION_COOKIE}=`));
      expect(lines.map((line) => /Path=([^;]+)/i.exec(line)?.[1]).sort()).toEqual([
        '/api/v1/auth',
        '/mailbox',
      ]);
      for (const line of lines) {
        expect(line).toMatch(/HttpOnly/i);
        expect(line).toMatch(/SameSite=Lax/i);
        expect(line).not.toMatch(/Secure/i); // plain http here; https turns it on
        expect(Number(/Max-Age=(\d+)/i.exec(line)?.[1])).toBe(36 * 24 * 60 * 60);
        // Bound to the session, and nothing the script holds: neither the session id nor a token.
        const value = decodeURIComponent(line.split(';')[0]!.split('=').slice(1).join('='));
        for (const held of [session.sessionId, session.accessToken, session.backendIdToken]) {
          expect(value).not.toContain(held);
        }
      }
    });

    it('AUTH-010 API-041 refresh needs the session cookie: SESSION_ID and backendIdToken alone get 401', async () => {
      const withoutCookie = await fetch(
        `${t.baseUrl}/api/v1/auth/refresh-token`,
        bearer(session.backendIdToken, json({ sessionId: session.sessionId })),
      );
      expect(withoutCookie.status).toBe(401);
      expect(errorBodySchema.parse(await withoutCookie.json()).error.code).toBe('session_cookie_missing');
      // Another session's cookie does not stand in for this one's.
      const { browser: stranger } = await signInThroughLocalIssuer(t.baseUrl, { email: 'pat@gmail.com' });
      const wrongCookie = await stranger.fetch(
        '/api/v1/auth/refresh-token',
        bearer(session.backendIdToken, json({ sessionId: session.sessionId })),
      );
      expect(wrongCookie.status).toBe(401);
      const forged = await fetch(`${t.baseUrl}/api/v1/auth/refresh-token`, {
        ...bearer(session.backendIdToken, json({ sessionId: session.sessionId })),
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${session.backendIdToken}`,
          cookie: `${SESSION_COOKIE}=${decodeJwt(session.accessToken).sid as string}.forged`,
        },
      });
      expect(forged.status).toBe(401);
      const withCookie = await browser.fetch(
        '/api/v1/auth/refresh-token',
        bearer(session.backendIdToken, json({ sessionId: session.sessionId })),
      );
      expect(withCookie.status).toBe(200);
    });

    it('API-041 refreshes with the session id and its bearer (access or backend id token)', async () => {
      for (const token of [session.accessToken, session.backendIdToken]) {
        const res = await browser.fetch(
          '/api/v1/auth/refresh-token',
          bearer(token, json({ sessionId: session.sessionId })),
        );
        expect(res.status).toBe(200);
        const fresh = (await res.json()) as AuthSession;
        expect(fresh.sessionId).toBe(session.sessionId);
        expect(fresh.idToken).toBe(session.idToken);
        expect((await me(fresh.accessToken)).statusCode).toBe(200);
      }
    });

    it('API-041 accepts an expired access token of the same session, but a token of another session is refused', async () => {
      const keys = createTokenKeys(t.context.config.SESSION_SECRET);
      const sid = decodeJwt(session.accessToken).sid as string;
      const sub = decodeJwt(session.accessToken).sub!;
      const expired = await signToken(keys, { sid, sub, kind: 'access' }, new Date(Date.now() - 60_000));
      expect((await me(expired)).statusCode).toBe(401);
      expect(errorBodySchema.parse((await me(expired)).json()).error.code).toBe('token_expired');
      const ok = await browser.fetch(
        '/api/v1/auth/refresh-token',
        bearer(expired, json({ sessionId: session.sessionId })),
      );
      expect(ok.status).toBe(200);
      const { session: other } = await signInThroughLocalIssuer(t.baseUrl, { email: 'member@acme.example' });
      const mixed = await browser.fetch(
        '/api/v1/auth/refresh-token',
        bearer(other.accessToken, json({ sessionId: session.sessionId })),
      );
      expect(mixed.status).toBe(404);
    });

    it('API-041 answers clear 4xx to bad input: no bearer, malformed bearer, malformed or unknown session id', async () => {
      const call = (init: RequestInit) => browser.fetch('/api/v1/auth/refresh-token', init);
      const noBearer = await call(json({ sessionId: session.sessionId }));
      expect(noBearer.status).toBe(401);
      const malformed = await call({
        ...json({ sessionId: session.sessionId }),
        headers: { 'content-type': 'application/json', authorization: 'Token abc' },
      });
      expect(malformed.status).toBe(401);
      expect(((await malformed.json()) as { error: { message: string } }).error.message).toMatch(
        /Malformed Authorization header/,
      );
      const garbage = await call(bearer('not-a-jwt', json({ sessionId: session.sessionId })));
      expect(garbage.status).toBe(401);
      const badId = await call(bearer(session.accessToken, json({ sessionId: 'short' })));
      expect(badId.status).toBe(400);
      expect(((await badId.json()) as { error: { fields: object } }).error.fields).toHaveProperty(
        'body.sessionId',
      );
      const unknown = await call(bearer(session.accessToken, json({ sessionId: 'A'.repeat(43) })));
      expect(unknown.status).toBe(404);
    });

    it('API-042 AUTH-017 revoke ends the session at once on every process, and clears its cookie', async () => {
      expect((await me(session.accessToken, secondProcess)).statusCode).toBe(200);
      expect(browser.cookie(SESSION_COOKIE)).toBeTruthy();
      const res = await browser.fetch(
        '/api/v1/auth/revoke',
        bearer(session.accessToken, json({ sessionId: session.sessionId })),
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ revoked: true });
      const cleared = res.headers.getSetCookie().filter((line) => line.startsWith(`${SESSION_COOKIE}=`));
      expect(cleared.map((line) => /Path=([^;]+)/i.exec(line)?.[1]).sort()).toEqual([
        '/api/v1/auth',
        '/mailbox',
      ]);
      expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
      for (const app of [t, secondProcess]) {
        const after = await me(session.accessToken, app);
        expect(after.statusCode).toBe(401);
        expect(errorBodySchema.parse(after.json()).error.code).toBe('session_expired');
      }
      const refresh = await browser.fetch(
        '/api/v1/auth/refresh-token',
        bearer(session.backendIdToken, json({ sessionId: session.sessionId })),
      );
      expect(refresh.status).toBe(401);
    });
  });

  it('AUTH-019 a second sign-in in the same browser (compose) revokes the old session and keeps the new cookie', async () => {
    const first = await signInThroughLocalIssuer(t.baseUrl, { email: 'owner@acme.example' });
    const { session: second } = await signInThroughLocalIssuer(
      t.baseUrl,
      { email: 'owner@acme.example' },
      first.browser,
    );
    const revoke = await first.browser.fetch(
      '/api/v1/auth/revoke',
      bearer(first.session.accessToken, json({ sessionId: first.session.sessionId })),
    );
    expect(revoke.status).toBe(200);
    const refresh = await first.browser.fetch(
      '/api/v1/auth/refresh-token',
      bearer(second.backendIdToken, json({ sessionId: second.sessionId })),
    );
    expect(refresh.status).toBe(200);
  });

  it('API-040 refuses a token call without the browser-bound state, or without a code', async () => {
    const stranger = await fetch(`${t.baseUrl}/api/v1/auth/token`, json({ code: 'abc', state: 'xyz' }));
    expect(stranger.status).toBe(400);
    expect(((await stranger.json()) as { error: { code: string } }).error.code).toBe('state_mismatch');
    const missing = await fetch(`${t.baseUrl}/api/v1/auth/token`, json({ state: 'xyz' }));
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { fields: object } }).error.fields).toHaveProperty(
      'body.code',
    );
  });

  it('API-040 refuses a replayed or forged code for a genuine state', async () => {
    const browser = new TestBrowser(t.baseUrl);
    const started = await browser.fetch('/api/v1/auth/authorize');
    const state = new URL(started.headers.get('location')!).searchParams.get('state')!;
    const res = await browser.fetch('/api/v1/auth/token', json({ code: 'forged-code', state }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_grant');
  });

  it('API-006 suggests people sharing a space or the company domain, never the caller', async () => {
    const { session } = await signInThroughLocalIssuer(t.baseUrl, { email: 'owner@acme.example' });
    const res = await fetch(`${t.baseUrl}/api/v2/users/suggest?search=acme`, bearer(session.accessToken));
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as { items: { userEmail: string }[] };
    expect(items.map((i) => i.userEmail)).toContain('admin@acme.example');
    expect(items.map((i) => i.userEmail)).not.toContain('owner@acme.example');
    expect(items.map((i) => i.userEmail)).not.toContain('pat@gmail.com');
    const short = await fetch(`${t.baseUrl}/api/v2/users/suggest?search=a`, bearer(session.accessToken));
    expect(short.status).toBe(400);
  });

  it('API-007 answers the rollout status', async () => {
    const { session } = await signInThroughLocalIssuer(t.baseUrl, { email: 'pat@gmail.com' });
    const res = await fetch(
      `${t.baseUrl}/api/v2/users/workspace-activation-status/me?checkIsRegistered=true&includeUserV2=true`,
      bearer(session.accessToken),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ isRegistered: true, isEligible: true, lastActivatedStep: 9 });
  });

  it('EVT-001 EVT-005 stores events with the app version, signed out too; refuses a bad event type', async () => {
    const ok = await fetch(
      `${t.baseUrl}/api/v1/events`,
      json({
        appVersion: '2.10.28',
        events: [{ eventType: 'login_failed', payload: { error: 'google', description: 'x' } }],
      }),
    );
    expect(ok.status).toBe(202);
    const { rows } = await t.database.execute(
      `SELECT payload FROM analytics_events WHERE event_type = 'login_failed'`,
      [],
    );
    expect(rows[0]?.payload).toMatchObject({ error: 'google', appVersion: '2.10.28' });
    const bad = await fetch(
      `${t.baseUrl}/api/v1/events`,
      json({ appVersion: '2.10.28', events: [{ eventType: 'Bad Type' }] }),
    );
    expect(bad.status).toBe(400);
  });

  it('answers 401 to calls without a bearer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/users/me' });
    expect(res.statusCode).toBe(401);
    expect(errorBodySchema.parse(res.json()).error.message).toMatch(/Sign in first/);
  });
});

describe('sign-in rate limits', () => {
  let t: Listening;
  beforeAll(async () => {
    t = await createListeningTestApp();
  });
  afterAll(() => t.close());

  it('limit token calls per client address, even when X-Forwarded-For rotates', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i += 1) {
      const res = await fetch(`${t.baseUrl}/api/v1/auth/token`, {
        ...json({ code: 'c', state: 's' }),
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});

describe('a session of an identity', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a genuine token naming a session that does not exist (purged) is refused', async () => {
    const keys = createTokenKeys(t.context.config.SESSION_SECRET);
    const token = await signToken(
      keys,
      { sid: '00000000-0000-4000-8000-000000000000', sub: 'x', kind: 'access' },
      new Date(Date.now() + 60_000),
    );
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/users/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
  });
});
