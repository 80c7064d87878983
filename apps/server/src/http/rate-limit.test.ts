import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@mergeboard/core';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

const limit = { max: 3, timeWindow: '1 minute' };

describe('rate limiting', () => {
  let database: TestDatabase;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    // Two server processes on one database, counting in the shared store.
    first = await createTestApp({ database, rateLimit: limit, sharedRateLimit: true });
    second = await createTestApp({ database, rateLimit: limit, sharedRateLimit: true });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.destroy();
  });

  it('shares one window across processes and answers 429 with the error shape past the limit', async () => {
    const statuses = [];
    for (const t of [first, second, first, second]) {
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const res = await second.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(429);
    expect(errorBodySchema.parse(res.json()).error.code).toBe('rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('ignores X-Forwarded-For when no proxy is trusted, so rotating it does not reset the count', async () => {
    const res = await first.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'x-forwarded-for': '203.0.113.77' },
    });
    expect(res.statusCode).toBe(429);
  });

  it('does not count health probes and page loads against the API limit', async () => {
    const res = await first.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
  });
});

describe('rate limiting in one embedded process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimit: { max: 2, timeWindow: '1 minute' }, sharedRateLimit: false });
  });
  afterAll(() => t.close());

  it('limits in process memory', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i += 1)
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
  });
});
