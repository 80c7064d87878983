import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { errorBodySchema } from '@mergeboard/core';
import { identities } from '../../db/schema';
import { createFakeGoogle } from '../../testing/fake-google';
import { TestBrowser } from '../../testing/http-client';
import { createListeningTestApp } from '../../testing/listening-app';
import type { TestApp } from '../../testing/test-app';

const CLIENT_ID = 'client-123.apps.googleusercontent.example';
const CLIENT_SECRET = 'google-secret';
const GOOGLE_TOKEN_ENDPOINT = 'https://oauth2.googleapis.com/token';

describe('sign-in with Google (Google stood in for at the edge)', () => {
  let t: TestApp & { baseUrl: string };
  let google: Awaited<ReturnType<typeof createFakeGoogle>>;
  /** The `scope` Google's token response names, when a test sets it (the stand-in says the sign-in scopes). */
  let grantedScope: string | null = null;
  beforeAll(async () => {
    google = await createFakeGoogle(CLIENT_ID, CLIENT_SECRET);
    const withGrantedScope = (async (input: string | URL | Request, init?: RequestInit) => {
      const response = await google.fetch(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (grantedScope === null || url !== GOOGLE_TOKEN_ENDPOINT || !response.ok) return response;
      const body = (await response.json()) as Record<string, unknown>;
      return Response.json({ ...body, scope: grantedScope }, { status: response.status });
    }) as typeof fetch;
    t = await createListeningTestApp({
      env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET },
      providerFetch: withGrantedScope,
    });
  });
  afterAll(() => t.close());
  afterEach(() => {
    delete google.idTokenTweaks.audience;
    delete google.idTokenTweaks.expiresInSeconds;
    delete google.idTokenTweaks.nonce;
    grantedScope = null;
  });

  const googleIdentity = async (sub: string) => {
    const [row] = await t.database.db
      .select()
      .from(identities)
      .where(and(eq(identities.issuer, 'https://accounts.google.com'), eq(identities.subject, sub)));
    return row!;
  };

  async function signIn(person: { sub: string; email: string; name?: string }) {
    const browser = new TestBrowser(t.baseUrl);
    const start = await browser.fetch('/api/v1/auth/authorize?prompt=select_account&compose=1');
    expect(start.status).toBe(302);
    const location = start.headers.get('location')!;
    const callback = google.approve(location, person);
    const res = await browser.fetch('/api/v1/auth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(callback),
    });
    return { location: new URL(location), res };
  }

  it('does not mount the built-in issuer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(res.statusCode).not.toBe(200);
  });

  it('AUTH-001 AUTH-019 sends the browser to Google with PKCE, and the compose scope (with reading the inbox it sends from) when asked', async () => {
    const { location, res } = await signIn({ sub: 'g-1', email: 'owner@acme.example', name: 'Olivia Owner' });
    expect(location.origin + location.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(location.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(location.searchParams.get('scope')).toBe(
      'openid email profile https://www.googleapis.com/auth/gmail.compose https://www.googleapis.com/auth/gmail.readonly',
    );
    expect(location.searchParams.get('include_granted_scopes')).toBe('true');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(res.status).toBe(200);
    const session = (await res.json()) as { idToken: string; accessToken: string };
    expect(decodeJwt(session.idToken)).toMatchObject({
      iss: 'https://accounts.google.com',
      aud: CLIENT_ID,
      sub: 'g-1',
    });
  });

  it('AUTH-019 TPL-004 records the compose grant when the token response scope names gmail.compose', async () => {
    // What Google answers after the consent screen, with include_granted_scopes.
    grantedScope =
      'https://www.googleapis.com/auth/gmail.compose openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile';
    const { res } = await signIn({ sub: 'g-compose', email: 'compose.person@acme.example' });
    expect(res.status).toBe(200);
    const identity = await googleIdentity('g-compose');
    expect(identity.composeGrantedAt).toBeInstanceOf(Date);

    // A later sign-in whose token response does not name the scope leaves the grant in place.
    grantedScope = 'openid https://www.googleapis.com/auth/userinfo.email';
    expect((await signIn({ sub: 'g-compose', email: 'compose.person@acme.example' })).res.status).toBe(200);
    expect((await googleIdentity('g-compose')).composeGrantedAt).toEqual(identity.composeGrantedAt);
  });

  it('AUTH-019 records no grant when the person left the compose box unticked (scope without gmail.compose)', async () => {
    grantedScope =
      'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile';
    const { res } = await signIn({ sub: 'g-partial', email: 'partial.person@acme.example' });
    expect(res.status).toBe(200);
    expect((await googleIdentity('g-partial')).composeGrantedAt).toBeNull();
  });

  it.each([
    ['an id token for another client (audience)', { audience: 'someone-else.apps.example' }],
    ['an expired id token', { expiresInSeconds: -600 }],
    ['an id token with another nonce', { nonce: 'not-the-one-we-sent' }],
  ])('refuses %s with 400 invalid_grant', async (_label, tweak) => {
    Object.assign(google.idTokenTweaks, tweak);
    const { res } = await signIn({ sub: 'g-2', email: 'member@acme.example' });
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(await res.json()).error.code).toBe('invalid_grant');
  });
});
