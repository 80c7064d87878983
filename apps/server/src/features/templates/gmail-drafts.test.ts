import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authSessionSchema,
  COMPOSE_PERMISSION_REQUIRED,
  composePermissionRequiredSchema,
  createDraft,
  errorBodySchema,
  type AuthSession,
} from '@mergeboard/core';
import { drafts, googleGrants, identities, sessions, templates, users } from '../../db/schema';
import { createFakeGoogle } from '../../testing/fake-google';
import { TestBrowser } from '../../testing/http-client';
import { createListeningTestApp } from '../../testing/listening-app';
import type { TestApp } from '../../testing/test-app';
import { seedDemo } from '../../embedded/demo';

const CLIENT_ID = 'client-123.apps.googleusercontent.example';
const CLIENT_SECRET = 'google-secret';
const GOOGLE_ISSUER = 'https://accounts.google.com';

/** What a mail reader does with a raw message: unfold headers, decode RFC 2047 words and the body. */
function readMessage(raw: string) {
  const text = Buffer.from(raw, 'base64url').toString('utf8');
  const split = text.indexOf('\r\n\r\n');
  expect(split).toBeGreaterThan(0);
  const headerLines = text
    .slice(0, split)
    .replace(/\r\n(?=[ \t])/g, '')
    .split('\r\n');
  // Every header line is one header: no bare CR or LF anywhere in the header block.
  expect(text.slice(0, split).replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  const headers = new Map<string, string>();
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    expect(colon).toBeGreaterThan(0);
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const decodeWords = (value: string) =>
    value
      .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
      .replace(
        /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
        (_word, charset: string, encoding: string, data: string) => {
          expect(charset.toLowerCase()).toBe('utf-8');
          const bytes =
            encoding.toUpperCase() === 'B'
              ? Buffer.from(data, 'base64')
              : Buffer.from(
                  data
                    .replace(/_/g, ' ')
                    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
                  'latin1',
                );
          return bytes.toString('utf8');
        },
      );
  const body = text.slice(split + 4);
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  return {
    headers,
    headerNames: headerLines.map((line) => line.slice(0, line.indexOf(':')).toLowerCase()),
    subject: decodeWords(headers.get('subject') ?? ''),
    body: encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body,
  };
}

/**
 * TPL-007 / TPL-008 / AUTH-019 with Google sign-in, over real HTTP: the compose sign-in leaves its
 * tokens sealed in the database, and an import becomes a draft in the person's Gmail. Google's
 * servers (token endpoint and Gmail API) are stood in for at the edge; everything else is real.
 */
describe('template import writes a Gmail draft (Google stood in for at the edge)', () => {
  let t: TestApp & { baseUrl: string };
  let google: Awaited<ReturnType<typeof createFakeGoogle>>;
  let template: typeof templates.$inferSelect;

  beforeAll(async () => {
    google = await createFakeGoogle(CLIENT_ID, CLIENT_SECRET);
    t = await createListeningTestApp({
      env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET },
      providerFetch: google.fetch,
    });
    await seedDemo({ db: t.database.db });
    [template] = (await t.database.db.select().from(templates).where(eq(templates.sortOrder, 1))) as [
      typeof templates.$inferSelect,
    ];
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const person = (email: string) => ({ sub: `g-${email}`, email });
  const userIdOf = async (email: string) => {
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    return row!.id;
  };
  const identityOf = async (email: string) => {
    const [row] = await db()
      .select()
      .from(identities)
      .where(and(eq(identities.issuer, GOOGLE_ISSUER), eq(identities.subject, person(email).sub)));
    return row!;
  };
  const grantOf = async (email: string) => {
    const identity = await identityOf(email);
    const [row] = await db().select().from(googleGrants).where(eq(googleGrants.identityId, identity.id));
    return row ?? null;
  };
  const ourDraftCount = async () => (await db().select({ id: drafts.id }).from(drafts)).length;

  /** The web app's sign-in, asking for the compose scope; Google's consent is given (or the box left unticked). */
  async function signInWithCompose(email: string, options: { declineCompose?: boolean } = {}) {
    const browser = new TestBrowser(t.baseUrl);
    const start = await browser.fetch('/api/v1/auth/authorize?compose=1');
    expect(start.status).toBe(302);
    const location = start.headers.get('location')!;
    const res = await browser.fetch('/api/v1/auth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(google.approve(location, person(email), options)),
    });
    expect(res.status).toBe(200);
    return { session: authSessionSchema.parse(await res.json()), location: new URL(location) };
  }

  async function importTemplate(email: string, session: AuthSession, templateId = template.id) {
    const res = await fetch(`${t.baseUrl}/api/users/${await userIdOf(email)}/drafts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fromTemplate: templateId, source: 'GALLERY' }),
    });
    return { status: res.status, body: (await res.json()) as unknown };
  }

  it('TPL-007 TPL-008 AUTH-019: the import is a Gmail draft with the template subject and body; answers GMAIL and its message id; nothing stored in our drafts', async () => {
    const email = 'owner@acme.example';
    const { session, location } = await signInWithCompose(email);
    // Offline access (a refresh token) and the consent screen that makes Google send one.
    expect(location.searchParams.get('access_type')).toBe('offline');
    expect(location.searchParams.get('prompt')?.split(' ')).toContain('consent');
    expect(location.searchParams.get('include_granted_scopes')).toBe('true');

    const oursBefore = await ourDraftCount();
    const gmailBefore = google.gmail.drafts.length;
    const refreshesBefore = google.tokenEndpoint.grants.filter((grant) => grant === 'refresh_token').length;
    const created = await importTemplate(email, session);
    expect(created.status).toBe(201);
    const answer = createDraft.response.parse(created.body);

    expect(google.gmail.drafts).toHaveLength(gmailBefore + 1);
    const received = google.gmail.drafts.at(-1)!;
    expect(received.sub).toBe(person(email).sub);
    expect(answer).toEqual({ provider: 'GMAIL', messageId: received.messageId });
    const message = readMessage(received.raw);
    expect(message.subject).toBe(template.subject);
    expect(message.body).toBe(template.previewHtml);
    expect(message.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(await ourDraftCount()).toBe(oursBefore);
    // The access token from the sign-in was still good: no refresh.
    expect(google.tokenEndpoint.grants.filter((grant) => grant === 'refresh_token')).toHaveLength(
      refreshesBefore,
    );
  });

  it('AUTH-019: the kept Google tokens are sealed: neither token appears in the database rows', async () => {
    const email = 'admin@acme.example';
    const { session } = await signInWithCompose(email);
    const refreshToken = google.tokenEndpoint.issuedRefreshTokens.at(-1)!;
    expect(refreshToken).toBeTruthy();
    expect((await importTemplate(email, session)).status).toBe(201);
    const accessToken = google.gmail.drafts.at(-1)!.accessToken;

    const grant = await grantOf(email);
    expect(grant).not.toBeNull();
    expect(grant!.refreshToken).toMatch(/^v1\./);
    expect(grant!.accessToken).toMatch(/^v1\./);
    const identity = await identityOf(email);
    const stored = JSON.stringify([
      grant,
      identity,
      await db().select().from(sessions).where(eq(sessions.identityId, identity.id)),
    ]);
    for (const secret of [refreshToken, accessToken]) {
      expect(stored).not.toContain(secret);
      expect(stored).not.toContain(Buffer.from(secret).toString('base64'));
      expect(stored).not.toContain(Buffer.from(secret).toString('base64url'));
    }
    // A sealed value is bound to its identity: copied onto another identity's row it opens nothing,
    // and that import asks for the permission again rather than using someone else's grant.
    const other = 'member@acme.example';
    const { session: otherSession } = await signInWithCompose(other);
    const otherIdentity = await identityOf(other);
    await db()
      .update(googleGrants)
      .set({ refreshToken: grant!.refreshToken, accessToken: grant!.accessToken })
      .where(eq(googleGrants.identityId, otherIdentity.id));
    const gmailBefore = google.gmail.requests.length;
    const refused = await importTemplate(other, otherSession);
    expect(refused.status).toBe(403);
    expect(composePermissionRequiredSchema.parse(refused.body).error.code).toBe(COMPOSE_PERMISSION_REQUIRED);
    expect(google.gmail.requests).toHaveLength(gmailBefore);
  });

  it('TPL-008 AUTH-019: an expired access token is refreshed at Google, stored again, and the new one is used', async () => {
    const email = 'free.member@acme.example';
    const { session } = await signInWithCompose(email);
    const signInToken = (await grantOf(email))!.accessToken;

    // The hour has passed, and the kept expiry says so: refresh before calling Gmail.
    google.expireAccessTokens();
    await db()
      .update(googleGrants)
      .set({ accessTokenExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(googleGrants.identityId, (await identityOf(email)).id));
    const requestsBefore = google.gmail.requests.length;
    const refreshesBefore = google.tokenEndpoint.grants.filter((grant) => grant === 'refresh_token').length;
    const created = await importTemplate(email, session);
    expect(created.status).toBe(201);
    expect(createDraft.response.parse(created.body).provider).toBe('GMAIL');
    expect(google.tokenEndpoint.grants.filter((grant) => grant === 'refresh_token')).toHaveLength(
      refreshesBefore + 1,
    );
    const calls = google.gmail.requests.slice(requestsBefore);
    expect(calls.map((call) => call.status)).toEqual([200]);
    const after = (await grantOf(email))!;
    expect(after.accessToken).not.toBe(signInToken);
    expect(after.accessTokenExpiresAt.getTime()).toBeGreaterThan(Date.now() + 30 * 60 * 1000);

    // Google expired it early while the kept expiry still looks fine: Gmail's 401, one refresh, retry.
    google.expireAccessTokens();
    const requestsBeforeRetry = google.gmail.requests.length;
    const retried = await importTemplate(email, session);
    expect(retried.status).toBe(201);
    const retryCalls = google.gmail.requests.slice(requestsBeforeRetry);
    expect(retryCalls.map((call) => call.status)).toEqual([401, 200]);
    expect(retryCalls[1]!.accessToken).not.toBe(retryCalls[0]!.accessToken);
    expect(createDraft.response.parse(retried.body).messageId).toBe(google.gmail.drafts.at(-1)!.messageId);
  });

  it('AUTH-019: a compose sign-in whose answer has no refresh token keeps the one already held', async () => {
    const email = 'amara.okafor@acme.example';
    await signInWithCompose(email);
    const kept = (await grantOf(email))!.refreshToken;
    expect(kept).not.toBeNull();

    google.tokenEndpoint.omitRefreshToken = true;
    let session: AuthSession;
    try {
      ({ session } = await signInWithCompose(email));
    } finally {
      google.tokenEndpoint.omitRefreshToken = false;
    }
    expect((await grantOf(email))!.refreshToken).toBe(kept);

    // And it still works: with the access token gone, the kept refresh token gets a new one.
    google.expireAccessTokens();
    await db()
      .update(googleGrants)
      .set({ accessTokenExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(googleGrants.identityId, (await identityOf(email)).id));
    expect((await importTemplate(email, session)).status).toBe(201);
  });

  it('TPL-004 AUTH-019: Gmail refusing the token twice (401, then 401 after a refresh) forgets the grant; the next import gets 403 compose_permission_required', async () => {
    const email = 'priya.natarajan@acme.example';
    const { session } = await signInWithCompose(email);
    const oursBefore = await ourDraftCount();
    const gmailDraftsBefore = google.gmail.drafts.length;
    const refreshesBefore = google.tokenEndpoint.grants.filter((grant) => grant === 'refresh_token').length;

    google.gmail.failures.push(401, 401);
    const refused = await importTemplate(email, session);
    expect(refused.status).toBe(403);
    const { error } = composePermissionRequiredSchema.parse(refused.body);
    expect(error.code).toBe(COMPOSE_PERMISSION_REQUIRED);
    expect(error.message).toContain('/api/v1/auth/authorize?compose=1');
    expect(google.tokenEndpoint.grants.filter((grant) => grant === 'refresh_token')).toHaveLength(
      refreshesBefore + 1,
    );
    expect(await grantOf(email)).toBeNull();
    expect((await identityOf(email)).composeGrantedAt).toBeNull();
    expect(google.gmail.drafts).toHaveLength(gmailDraftsBefore);
    expect(await ourDraftCount()).toBe(oursBefore);

    const requestsBefore = google.gmail.requests.length;
    const again = await importTemplate(email, session);
    expect(again.status).toBe(403);
    expect(composePermissionRequiredSchema.parse(again.body).error.code).toBe(COMPOSE_PERMISSION_REQUIRED);
    expect(google.gmail.requests).toHaveLength(requestsBefore);

    // Asking again (what the web app does on that answer) brings the import back.
    const { session: regranted } = await signInWithCompose(email);
    expect((await importTemplate(email, regranted)).status).toBe(201);
  });

  it('TPL-004 AUTH-019: a grant revoked at Google (refresh answers invalid_grant) is forgotten: 403 compose_permission_required', async () => {
    const email = 'emma.larsen@acme.example';
    const { session } = await signInWithCompose(email);
    google.revoke(person(email).sub);
    const refused = await importTemplate(email, session);
    expect(refused.status).toBe(403);
    expect(composePermissionRequiredSchema.parse(refused.body).error.code).toBe(COMPOSE_PERMISSION_REQUIRED);
    expect(await grantOf(email)).toBeNull();
    expect((await identityOf(email)).composeGrantedAt).toBeNull();
  });

  it('TPL-006 TPL-008: Gmail failing (500) or Google unreachable answers 502 in the error shape; nothing written, the grant kept', async () => {
    const email = 'hannah.kowalski@acme.example';
    const { session } = await signInWithCompose(email);
    const oursBefore = await ourDraftCount();
    const gmailDraftsBefore = google.gmail.drafts.length;

    google.gmail.failures.push(500);
    const failed = await importTemplate(email, session);
    expect(failed.status).toBe(502);
    const { error } = errorBodySchema.parse(failed.body);
    expect(error.code).toBe('gmail_unavailable');
    expect(error.message).toMatch(/Gmail draft could not be created/i);
    expect(error.message).toContain('HTTP 500');

    // The token endpoint failing while a refresh is needed: the same 502.
    google.expireAccessTokens();
    await db()
      .update(googleGrants)
      .set({ accessTokenExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(googleGrants.identityId, (await identityOf(email)).id));
    google.tokenEndpoint.refreshFailures.push(503);
    const unreachable = await importTemplate(email, session);
    expect(unreachable.status).toBe(502);
    expect(errorBodySchema.parse(unreachable.body).error.code).toBe('gmail_unavailable');

    expect(await ourDraftCount()).toBe(oursBefore);
    expect(google.gmail.drafts).toHaveLength(gmailDraftsBefore);
    expect(await grantOf(email)).not.toBeNull();
    expect((await identityOf(email)).composeGrantedAt).toBeInstanceOf(Date);
    // Once Google answers again, the same grant works.
    expect((await importTemplate(email, session)).status).toBe(201);
  });

  it('TPL-007: a non-ASCII subject is RFC 2047-encoded and CR/LF in it cannot add headers', async () => {
    const subject = 'Café ☕ — résumé for 𝒳 teams\r\nBcc: everyone@evil.example\nX-Injected: yes';
    const body = '<p>Grüße, {{firstName}} ✓</p>';
    const [custom] = await db()
      .insert(templates)
      .values({ subject, previewHtml: body, thumbnailUrl: 'https://example.com/t.png', sortOrder: 9_001 })
      .returning();
    const email = 'jonas.weber@acme.example';
    const { session } = await signInWithCompose(email);
    const created = await importTemplate(email, session, custom!.id);
    expect(created.status).toBe(201);
    const message = readMessage(google.gmail.drafts.at(-1)!.raw);
    expect(message.headerNames).not.toContain('bcc');
    expect(message.headerNames).not.toContain('x-injected');
    expect(message.headers.get('subject')).toMatch(/^=\?UTF-8\?B\?/);
    expect(message.subject).toBe('Café ☕ — résumé for 𝒳 teams Bcc: everyone@evil.example X-Injected: yes');
    expect(message.body).toBe(body);
  });

  it('AUTH-019 TPL-004: a compose sign-in with the Gmail box left unticked keeps nothing; the import is refused', async () => {
    const email = 'lucas.martin@acme.example';
    const { session } = await signInWithCompose(email, { declineCompose: true });
    expect((await identityOf(email)).composeGrantedAt).toBeNull();
    expect(await grantOf(email)).toBeNull();
    const refused = await importTemplate(email, session);
    expect(refused.status).toBe(403);
    expect(composePermissionRequiredSchema.parse(refused.body).error.code).toBe(COMPOSE_PERMISSION_REQUIRED);
  });
});
