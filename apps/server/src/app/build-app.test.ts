import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContract, errorBodySchema } from '@mergeboard/core';
import { createTestApp, type TestApp } from '../testing/test-app';
import { defineRoute } from '../http/route';
import { users } from '../db/schema';
import { signedInAs } from '../testing/sessions';

/** A contract used only here, to drive the shared validation path with a real body. */
const echoContract = defineContract({
  method: 'POST',
  path: '/api/v1/test-echo/:id',
  summary: 'Echo (test only)',
  tags: ['test'],
  params: z.object({ id: z.uuid() }),
  body: z.object({
    name: z.string().min(5, 'Name should contain at least 5 characters.'),
    count: z.number().int(),
  }),
  response: z.object({ id: z.string(), name: z.string(), count: z.number() }),
});
const echoRoute = defineRoute({
  contract: echoContract,
  access: { kind: 'public' },
  handler: ({ params, body }) => ({ id: params.id, ...body }),
});

describe('HTTP foundation', () => {
  let t: TestApp;
  beforeAll(async () => {
    const { healthRoutes } = await import('../features/health');
    t = await createTestApp({ routes: [...healthRoutes, echoRoute] as never });
  });
  afterAll(() => t.close());

  it('GET /healthz answers 200 with the database kind while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: t.database.kind });
  });

  it('tags every answer with a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says how long the server took (Server-Timing), which the benchmarks read', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['server-timing']).toMatch(/^app;dur=\d+\.\d$/);
  });

  it('answers an unknown /api path with 404 JSON naming the path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(errorBodySchema.parse(res.json()).error).toEqual({
      code: 'not_found',
      message: 'No route GET /api/v1/nothing-here',
    });
  });

  it('answers malformed JSON with 400 saying so, and writes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test-echo/6f1c2f53-46a5-4f0c-8a5e-9d2b7d1f0c11',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "abc",',
    });
    expect(res.statusCode).toBe(400);
    const { error } = errorBodySchema.parse(res.json());
    expect(error.code).toBe('malformed_json');
    expect(error.message).toMatch(/^Malformed JSON in request body/);
  });

  it('answers a body over 1 MB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test-echo/6f1c2f53-46a5-4f0c-8a5e-9d2b7d1f0c11',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024), count: 1 }),
    });
    expect(res.statusCode).toBe(413);
    expect(errorBodySchema.parse(res.json()).error.code).toBe('payload_too_large');
  });

  it('answers a body that breaks its contract with 400 naming each field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test-echo/6f1c2f53-46a5-4f0c-8a5e-9d2b7d1f0c11',
      payload: { name: 'abc', count: 'three' },
    });
    expect(res.statusCode).toBe(400);
    const { error } = errorBodySchema.parse(res.json());
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toMatchObject({
      'body.name': 'Name should contain at least 5 characters.',
      'body.count': expect.any(String),
    });
  });

  it('answers a bad path parameter with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test-echo/not-a-uuid',
      payload: { name: 'abcde', count: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).error.fields).toHaveProperty('params.id');
  });

  it('answers a valid call through its contract', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test-echo/6f1c2f53-46a5-4f0c-8a5e-9d2b7d1f0c11',
      payload: { name: 'abcde', count: 2 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: '6f1c2f53-46a5-4f0c-8a5e-9d2b7d1f0c11', name: 'abcde', count: 2 });
  });

  it('answers a wrong content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test-echo/6f1c2f53-46a5-4f0c-8a5e-9d2b7d1f0c11',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
    expect(errorBodySchema.parse(res.json()).error.code).toBe('unsupported_media_type');
  });

  it('publishes OpenAPI at /api/docs built from the contracts', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/healthz']?.get?.summary).toBe('Liveness and database reachability');
    expect(Object.keys(doc.paths['/api/v1/test-echo/{id}'] ?? {})).toEqual(['post']);
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('single-page app hosting', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'mb-dist-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<html><head><meta name="product-name" content="Mergeboard"><title>Mergeboard</title></head><body></body></html>',
    );
    t = await createTestApp({ webDistDir: dist, env: { PRODUCT_NAME: 'Acme <Mail>' } });
  });
  afterAll(() => t.close());

  it('serves index.html for client routes with the configured product name, escaped', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/123/acme-sales/mail-merges/sent' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<meta name="product-name" content="Acme &#60;Mail&#62;">');
    expect(res.body).toContain('<title>Acme &#60;Mail&#62;</title>');
  });

  it('AUTH-035 AUTH-036 AUTH-037 (issue 24) writes no placeholder content: unset links and lists go out empty', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    for (const name of [
      'support-url',
      'help-center-url',
      'terms-url',
      'privacy-url',
      'cookie-policy-url',
      'dpa-url',
    ])
      expect(res.body).toContain(`<meta name="${name}" content="">`);
    expect(res.body).toContain('<meta name="review-badges" content="[]">');
    expect(res.body).toContain('<meta name="testimonials" content="[]">');
    expect(res.body).not.toContain('example.com');
  });

  it('keeps unknown API paths as JSON 404 even with the SPA mounted', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/users/nobody' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('error.code', 'not_found');
  });

  it('does not serve the SPA for non-GET methods', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/login', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});

/**
 * Issue 24: an install's own content goes from its environment to the web app (meta tags for the
 * login page's links, scores and testimonials; the promotions call for the sidebar).
 */
describe('the install content a self-hoster configures', () => {
  let t: TestApp;
  const promotion = {
    name: 'Acme CRM',
    description: 'Our CRM, for the contacts you write to.',
    image: 'https://acme.test/crm.png',
    type: 'webapp',
    url: 'https://acme.test/crm',
    productId: 'acme-crm',
  };
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'mb-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<html><head><title>x</title></head><body></body></html>');
    t = await createTestApp({
      webDistDir: dist,
      env: {
        SUPPORT_URL: 'mailto:help@acme.test',
        HELP_CENTER_URL: 'https://help.acme.test/',
        TERMS_URL: 'https://acme.test/terms',
        PRIVACY_URL: 'https://acme.test/privacy',
        COOKIE_POLICY_URL: 'https://acme.test/cookies',
        DPA_URL: 'https://acme.test/dpa',
        REVIEW_BADGES: '[{"score":"4.7/5","source":"G2"}]',
        TESTIMONIALS: '[{"quote":"Replies doubled, \\"really\\".","author":"Ana <Acme>"}]',
        PROMOTIONS: JSON.stringify([promotion]),
      },
    });
  });
  afterAll(() => t.close());

  it('AUTH-035 AUTH-036 AUTH-037 puts each link and list into its meta tag, escaped', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    expect(res.body).toContain('<meta name="support-url" content="mailto:help@acme.test">');
    expect(res.body).toContain('<meta name="help-center-url" content="https://help.acme.test/">');
    expect(res.body).toContain('<meta name="terms-url" content="https://acme.test/terms">');
    expect(res.body).toContain('<meta name="privacy-url" content="https://acme.test/privacy">');
    expect(res.body).toContain('<meta name="cookie-policy-url" content="https://acme.test/cookies">');
    expect(res.body).toContain('<meta name="dpa-url" content="https://acme.test/dpa">');
    expect(res.body).toContain(
      '<meta name="review-badges" content="[{&#34;score&#34;:&#34;4.7/5&#34;,&#34;source&#34;:&#34;G2&#34;}]">',
    );
    // What the browser reads back from the attribute is the JSON the operator wrote.
    const testimonials = /<meta name="testimonials" content="([^"]*)">/.exec(res.body)?.[1] ?? '';
    const unescaped = testimonials.replace(/&#(\d+);/g, (_, code: string) =>
      String.fromCharCode(Number(code)),
    );
    expect(JSON.parse(unescaped)).toEqual([{ quote: 'Replies doubled, "really".', author: 'Ana <Acme>' }]);
  });

  it('SHELL-009 API-023 answers the configured promotions for the sidebar, and only there', async () => {
    await t.database.db.insert(users).values({ email: 'reader@acme.test', name: 'Reader' });
    const reader = await signedInAs(t, 'reader@acme.test');
    const sidebar = await t.app.inject({
      method: 'GET',
      url: '/api/cannon?project=mergeboard&placement=sidebar',
      headers: reader.headers,
    });
    expect(sidebar.json()).toEqual({ enabled: true, promotions: [promotion] });
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/api/cannon?project=other&placement=footer',
      headers: reader.headers,
    });
    expect(elsewhere.json()).toEqual({ enabled: false, promotions: [] });
  });
});
