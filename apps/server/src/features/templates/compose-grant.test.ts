import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_CALLBACK_PATH,
  authSessionSchema,
  COMPOSE_PERMISSION_REQUIRED,
  composePermissionRequiredSchema,
  createDraft,
  type AuthSession,
} from '@mergeboard/core';
import { drafts, identities, templates, users } from '../../db/schema';
import type { TestBrowser } from '../../testing/http-client';
import { createListeningTestApp } from '../../testing/listening-app';
import { signInThroughLocalIssuer } from '../../testing/sign-in';
import type { TestApp } from '../../testing/test-app';
import { seedDemo } from '../../embedded/demo';

function formAction(html: string): string {
  const match = /<form[^>]*action="([^"]+)"/i.exec(html);
  if (!match) throw new Error(`No form in:\n${html.slice(0, 500)}`);
  return match[1]!.replaceAll('&amp;', '&');
}

/**
 * TPL-004 / AUTH-019 end to end over real HTTP: the real OpenID flow against the built-in issuer,
 * its consent page for the Gmail compose scope, the token exchange that records the grant on the
 * identity, and the import that needs it.
 */
describe('template import needs the compose grant', () => {
  let t: TestApp & { baseUrl: string };
  let template: { id: string };
  beforeAll(async () => {
    t = await createListeningTestApp();
    await seedDemo({ db: t.database.db });
    [template] = (await t.database.db.select({ id: templates.id }).from(templates).limit(1)) as [
      { id: string },
    ];
  });
  afterAll(() => t.close());

  const userIdOf = async (email: string) => {
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row!.id;
  };
  const identityOf = async (email: string) => {
    const [row] = await t.database.db
      .select()
      .from(identities)
      .where(and(eq(identities.email, email), eq(identities.issuer, `${t.baseUrl}/oidc`)));
    return row!;
  };
  const draftsOf = (userId: string) => t.database.db.select().from(drafts).where(eq(drafts.userId, userId));
  const importTemplate = (userId: string, session: AuthSession) =>
    t.app.inject({
      method: 'POST',
      url: `/api/users/${userId}/drafts`,
      headers: { authorization: `Bearer ${session.accessToken}` },
      payload: { fromTemplate: template.id, source: 'GALLERY' },
    });

  /**
   * What the web app does on compose_permission_required: the browser (still holding the issuer's
   * session from its sign-in) goes to authorize with compose=1 and its address as the hint, the
   * issuer shows only its consent page, and the answer comes back to the callback.
   */
  async function askForCompose(browser: TestBrowser, email: string, decision: 'allow' | 'deny') {
    const callback = `${t.baseUrl}${AUTH_CALLBACK_PATH}`;
    const toIssuer = await browser.follow(
      `/api/v1/auth/authorize?compose=1&loginHint=${encodeURIComponent(email)}`,
      callback,
    );
    expect(toIssuer.response.status).toBe(200);
    const page = await toIssuer.response.text();
    expect(page).toContain('Allow Mergeboard to compose mail?');
    expect(page).toContain(`Signed in as <strong>${email}</strong>.`);
    const back = await browser.follow(new URL(formAction(page), toIssuer.url).href, callback, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ decision }).toString(),
    });
    expect(back.url.startsWith(callback)).toBe(true);
    return new URL(back.url).searchParams;
  }

  async function exchange(browser: TestBrowser, params: URLSearchParams): Promise<AuthSession> {
    const res = await browser.fetch('/api/v1/auth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: params.get('code'), state: params.get('state') }),
    });
    expect(res.status).toBe(200);
    return authSessionSchema.parse(await res.json());
  }

  it('TPL-004 AUTH-019: refused without the grant (403, nothing written); after compose=1 and Allow the identity holds it and the import succeeds', async () => {
    const email = 'owner@acme.example';
    const userId = await userIdOf(email);
    const { session, browser } = await signInThroughLocalIssuer(t.baseUrl, { email });

    const refused = await importTemplate(userId, session);
    expect(refused.statusCode).toBe(403);
    expect(composePermissionRequiredSchema.parse(refused.json()).error.code).toBe(
      COMPOSE_PERMISSION_REQUIRED,
    );
    expect(await draftsOf(userId)).toHaveLength(0);
    const before = await identityOf(email);
    expect(before.composeGrantedAt).toBeNull();

    const params = await askForCompose(browser, email, 'allow');
    expect(params.get('error')).toBeNull();
    const granted = await exchange(browser, params);

    const after = await identityOf(email);
    expect(after.id).toBe(before.id);
    expect(after.composeGrantedAt).toBeInstanceOf(Date);

    const created = await importTemplate(userId, granted);
    expect(created.statusCode).toBe(201);
    const { messageId } = createDraft.response.parse(created.json());
    expect((await draftsOf(userId)).map((draft) => draft.id)).toEqual([messageId]);

    // The grant is the identity's: the earlier session of the same person may import too, and a
    // later plain sign-in (which does not ask for the scope) keeps it.
    expect((await importTemplate(userId, session)).statusCode).toBe(201);
    const { session: plain } = await signInThroughLocalIssuer(t.baseUrl, { email }, browser);
    expect((await identityOf(email)).composeGrantedAt).toEqual(after.composeGrantedAt);
    expect((await importTemplate(userId, plain)).statusCode).toBe(201);
  });

  it('TPL-005 AUTH-019: Deny comes back as error=access_denied with no code; nothing is granted or written', async () => {
    const email = 'member@acme.example';
    const userId = await userIdOf(email);
    const { session, browser } = await signInThroughLocalIssuer(t.baseUrl, { email });

    const params = await askForCompose(browser, email, 'deny');
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('code')).toBeNull();
    expect((await identityOf(email)).composeGrantedAt).toBeNull();

    // The session the person had still works, and the import is still refused.
    const refused = await importTemplate(userId, session);
    expect(refused.statusCode).toBe(403);
    expect(composePermissionRequiredSchema.parse(refused.json()).error.code).toBe(
      COMPOSE_PERMISSION_REQUIRED,
    );
    expect(await draftsOf(userId)).toHaveLength(0);
  });
});
