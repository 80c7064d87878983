import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, errorBodySchema } from '@mergeboard/core';
import { createListeningTestApp } from '../testing/listening-app';
import type { TestApp } from '../testing/test-app';
import { routes } from './routes';

/** Deterministic pseudo-random numbers, so a failure names a reproducible case. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const strings = [
    '',
    ' ',
    'a',
    '../../etc/passwd',
    '%',
    '%E0%A4%A',
    '💥',
    "'; DROP TABLE users;--",
    'x'.repeat(5000),
    '\u0000',
    'null',
  ];
  const value = (depth: number): unknown => {
    switch (Math.floor(next() * (depth > 2 ? 5 : 7))) {
      case 0:
        return pick(strings);
      case 1:
        return pick([0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2]);
      case 2:
        return pick([true, false]);
      case 3:
        return null;
      case 4:
        return `${pick(strings)}${Math.floor(next() * 1000)}`;
      case 5:
        return Array.from({ length: Math.floor(next() * 4) }, () => value(depth + 1));
      default:
        return Object.fromEntries(
          Array.from({ length: Math.floor(next() * 5) }, () => [
            pick(['id', 'name', 'email', '__proto__', 'limit', pick(strings)]),
            value(depth + 1),
          ]),
        );
    }
  };
  return { next, pick, value, strings };
}

describe('the route table', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Listening, so sign-in routes can reach the built-in issuer as they do in production.
    t = await createListeningTestApp();
  });
  afterAll(() => t.close());

  it('gives every route an access rule, and every route is documented in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, object>;
    };
    for (const route of routes) {
      expect(
        ['public', 'signed-in', 'user', 'space'],
        `${route.contract.method} ${route.contract.path}`,
      ).toContain(route.access.kind);
      const documented = route.contract.path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
      expect(doc.paths[documented], `${documented} missing from /api/docs`).toHaveProperty(
        route.contract.method.toLowerCase(),
      );
    }
  });

  it('refuses anonymous callers on every route that is not public with 401 before validating anything', async () => {
    const guarded = routes.filter((route) => route.access.kind !== 'public');
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const params = Object.fromEntries(
        [...route.contract.path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, 'x']),
      );
      const res = await t.app.inject({
        method: route.contract.method,
        // Malformed on purpose: an anonymous caller must not learn which fields the call takes.
        url: `${buildPath(route.contract.path, params)}?limit=oops&filterBy=nonsense`,
        ...(route.contract.method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${route.contract.method} ${route.contract.path}`).toBe(401);
      expect(res.json()).not.toHaveProperty('error.fields');
      expect(errorBodySchema.safeParse(res.json()).success).toBe(true);
    }
  });

  it('never answers 500 to random bodies, queries and path parameters (200 cases per route)', async () => {
    const random = generator(20261121);
    for (const route of routes) {
      for (let i = 0; i < 200; i += 1) {
        const params = Object.fromEntries(
          [...route.contract.path.matchAll(/:(\w+)/g)].map(([, name]) => [
            name!,
            String(random.value(3) ?? 'x') || 'x',
          ]),
        );
        const query = new URLSearchParams(
          Object.entries((random.value(0) as object | null) ?? {}).map(([k, v]): [string, string] => [
            k,
            JSON.stringify(v) ?? '',
          ]),
        ).toString();
        const body =
          random.next() < 0.2 ? `{"broken": ${random.pick(random.strings)}` : JSON.stringify(random.value(0));
        const url = `${buildPath(route.contract.path, params)}${query ? `?${query}` : ''}`;
        const res = await t.app.inject({
          method: route.contract.method,
          url,
          ...(route.contract.method === 'GET'
            ? {}
            : { headers: { 'content-type': 'application/json' }, payload: body }),
        });
        expect(res.statusCode, `${route.contract.method} ${url} ${body.slice(0, 200)}`).toBeLessThan(500);
        if (res.statusCode >= 400) {
          expect(
            errorBodySchema.safeParse(res.json()).success,
            `${res.statusCode} ${url} ${res.body.slice(0, 200)}`,
          ).toBe(true);
        }
      }
    }
  });
});
