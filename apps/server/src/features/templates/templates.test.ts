import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPOSE_PERMISSION_REQUIRED,
  composePermissionRequiredSchema,
  createDraft,
  errorBodySchema,
  getDraft,
  listTemplates,
} from '@mergeboard/core';
import { drafts, templates, users } from '../../db/schema';
import { signedInAs } from '../../testing/sessions';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedDemo } from '../../embedded/demo';

type Caller = { headers: { authorization: string } };

describe('templates', () => {
  let t: TestApp;
  const as: Record<string, Caller> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo({ db: t.database.db });
    for (const [key, email] of Object.entries({
      owner: 'owner@acme.example',
      member: 'member@acme.example',
    })) {
      as[key] = await signedInAs(t, email, { composeGranted: true });
      const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      ids[key] = row!.id;
    }
  });
  afterAll(() => t.close());

  it('API-060 TPL-010: GET /api/templates lists the gallery by ascending order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/templates', headers: as.member!.headers });
    expect(res.statusCode).toBe(200);
    const { items } = listTemplates.response.parse(res.json());
    const rows = await t.database.db.select().from(templates);
    expect(items).toHaveLength(rows.length);
    expect(items.length).toBe(12);
    expect(items.map((item) => item.order)).toEqual(
      [...items.map((item) => item.order)].sort((a, b) => a - b),
    );
    expect(items[0]).toEqual({
      id: expect.any(String),
      subject: expect.any(String),
      thumbnail: expect.any(String),
      preview: expect.any(String),
      order: expect.any(Number),
    });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/templates' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('API-061 TPL-008: importing a template stores a draft of the caller; messageId is its id', async () => {
    const [template] = await t.database.db.select().from(templates).where(eq(templates.sortOrder, 1));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/${ids.owner}/drafts`,
      headers: as.owner!.headers,
      payload: { fromTemplate: template!.id, source: 'GALLERY' },
    });
    expect(res.statusCode).toBe(201);
    const answer = createDraft.response.parse(res.json());
    expect(answer.provider).toBe('MERGEBOARD');
    const [stored] = await t.database.db.select().from(drafts).where(eq(drafts.id, answer.messageId));
    expect(stored).toMatchObject({
      userId: ids.owner,
      templateId: template!.id,
      subject: template!.subject,
      body: template!.previewHtml,
    });

    const read = await t.app.inject({
      method: 'GET',
      url: `/api/users/${ids.owner}/drafts/${answer.messageId}`,
      headers: as.owner!.headers,
    });
    expect(read.statusCode).toBe(200);
    expect(getDraft.response.parse(read.json())).toMatchObject({
      messageId: answer.messageId,
      subject: template!.subject,
    });
  });

  it('TPL-004 AUTH-019: without the compose grant the import is refused (403 compose_permission_required), nothing written', async () => {
    // Someone whose sign-ins never granted the compose scope.
    const [template] = await t.database.db.select().from(templates).where(eq(templates.sortOrder, 3));
    const withoutGrant = await signedInAs(t, 'admin@acme.example');
    const [admin] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@acme.example'));
    const before = await t.database.db.select().from(drafts);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/${admin!.id}/drafts`,
      headers: withoutGrant.headers,
      payload: { fromTemplate: template!.id, source: 'GALLERY' },
    });
    expect(res.statusCode).toBe(403);
    const { error } = composePermissionRequiredSchema.parse(res.json());
    expect(error.code).toBe(COMPOSE_PERMISSION_REQUIRED);
    expect(error.message).toMatch(/permission to compose mail/i);
    expect(error.message).toContain('/api/v1/auth/authorize?compose=1');
    expect(await t.database.db.select().from(drafts)).toHaveLength(before.length);
  });

  it('API-061: a draft for another userId is refused (403) and nothing is written', async () => {
    const [template] = await t.database.db.select().from(templates).where(eq(templates.sortOrder, 2));
    const before = await t.database.db.select().from(drafts);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/${ids.owner}/drafts`,
      headers: as.member!.headers,
      payload: { fromTemplate: template!.id, source: 'GALLERY' },
    });
    expect(res.statusCode).toBe(403);
    expect(errorBodySchema.safeParse(res.json()).success).toBe(true);
    expect(await t.database.db.select().from(drafts)).toHaveLength(before.length);

    const [someone] = before;
    if (someone) {
      const peek = await t.app.inject({
        method: 'GET',
        url: `/api/users/${ids.owner}/drafts/${someone.id}`,
        headers: as.member!.headers,
      });
      expect(peek.statusCode).toBe(403);
    }
  });

  it('API-061: bad input is a clear 4xx', async () => {
    const post = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/users/${ids.member}/drafts`,
        headers: as.member!.headers,
        payload,
      });
    expect((await post({ fromTemplate: 'nope', source: 'GALLERY' })).statusCode).toBe(400);
    expect(
      (await post({ fromTemplate: '00000000-0000-4000-8000-000000000000', source: 'GALLERY' })).statusCode,
    ).toBe(404);
    const [template] = await t.database.db.select().from(templates).limit(1);
    expect((await post({ fromTemplate: template!.id, source: 'OTHER' })).statusCode).toBe(400);
  });
});
