import { randomBytes } from 'node:crypto';
import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@mergeboard/core';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { MemoryCounter } from './rate-limit';

const limit = { max: 3, timeWindow: '1 minute' };
// A mutation without per-route limit: anonymous, so it answers 401 after being counted.
const mutation = {
  method: 'POST',
  url: '/api/v2/users/workspace-activation-create-user',
  payload: {},
} as const;
const read = { method: 'GET', url: '/api/docs/json' } as const;

async function statuses(
  calls: {
    t: TestApp;
    request: typeof mutation | typeof read | { method: 'POST'; url: string; payload: object };
  }[],
) {
  const answers = [];
  for (const { t, request } of calls) answers.push((await t.app.inject(request)).statusCode);
  return answers;
}

describe('rate limiting counted in process (the default)', () => {
  let database: TestDatabase;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    // Two server processes on one database: without REDIS_URL each counts its own clients.
    first = await createTestApp({ database, rateLimit: limit });
    second = await createTestApp({ database, rateLimit: limit });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.destroy();
  });

  it('answers 429 with the error shape past the limit, in this process only', async () => {
    expect(await statuses([1, 2, 3, 4].map(() => ({ t: first, request: read })))).toEqual([
      200, 200, 200, 429,
    ]);
    const res = await first.app.inject(read);
    expect(res.statusCode).toBe(429);
    expect(errorBodySchema.parse(res.json()).error.code).toBe('rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing was written where the other process would see it.
    expect((await second.app.inject(read)).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For when no proxy is trusted, so rotating it does not reset the count', async () => {
    const res = await first.app.inject({ ...read, headers: { 'x-forwarded-for': '203.0.113.77' } });
    expect(res.statusCode).toBe(429);
  });

  it('counts reads and mutations in windows of their own', async () => {
    expect(await statuses([1, 2, 3, 4].map(() => ({ t: first, request: mutation })))).toEqual([
      401, 401, 401, 429,
    ]);
  });

  it('counts a call before checking who makes it, so anonymous floods are limited too', async () => {
    const res = await first.app.inject({ method: 'GET', url: '/api/v2/users/me' });
    expect(res.statusCode).toBe(429);
  });

  it('does not count health probes and page loads against the API limit', async () => {
    const res = await first.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
  });
});

describe('the in-process counter', () => {
  it('starts a window at the first call and a new one once it has ended', () => {
    const counter = new MemoryCounter();
    expect(counter.incr('a', 1000, 0)).toEqual({ current: 1, ttl: 1000 });
    expect(counter.incr('a', 1000, 400)).toEqual({ current: 2, ttl: 600 });
    expect(counter.incr('a', 1000, 1000)).toEqual({ current: 1, ttl: 1000 });
  });

  it('keeps its memory bounded under a flood of new keys, dropping ended windows first', () => {
    const counter = new MemoryCounter(100);
    counter.incr('steady', 60_000, 0);
    counter.incr('steady', 60_000, 0);
    for (let i = 0; i < 1000; i += 1) counter.incr(`flood-${i}`, 10, i * 20);
    // Every flood window had ended by the sweeps; the live one kept its count.
    expect(counter.incr('steady', 60_000, 20_000).current).toBe(3);
    expect((counter as unknown as { windows: Map<string, unknown> }).windows.size).toBeLessThanOrEqual(100);
  });
});

const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const redisReachable = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(redisUrl);
  const socket = createConnection({ host: hostname, port: Number(port || 6379) });
  socket.setTimeout(1000);
  socket.once('connect', () => resolve(true));
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => resolve(false));
}).then((reachable) => {
  // REDIS_URL set explicitly must be reachable; the default is only tried.
  if (!reachable && process.env.REDIS_URL) throw new Error(`REDIS_URL ${redisUrl} does not answer`);
  if (!reachable) console.warn(`SKIPPED: the shared rate-limit tests need Redis at ${redisUrl}`);
  return reachable;
});

describe.runIf(redisReachable)('rate limiting shared through Redis (REDIS_URL)', () => {
  let database: TestDatabase;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    // Two server processes on one database and one Redis, keys of their own for this run.
    const shared = { ...limit, namespace: `mb-test-${randomBytes(6).toString('hex')}:` };
    first = await createTestApp({ database, rateLimit: shared, env: { REDIS_URL: redisUrl } });
    second = await createTestApp({ database, rateLimit: shared, env: { REDIS_URL: redisUrl } });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.destroy();
  });

  it('shares the mutation window across processes', async () => {
    expect(await statuses([first, second, first, second].map((t) => ({ t, request: mutation })))).toEqual([
      401, 401, 401, 429,
    ]);
  });

  it("shares a route's own limit (sign-in's token exchange: 20 a minute) across processes", async () => {
    const exchange = { method: 'POST', url: '/api/v1/auth/token', payload: {} } as const;
    const answers = await statuses(
      Array.from({ length: 21 }, (_, i) => ({ t: i % 2 ? second : first, request: exchange })),
    );
    expect(answers.slice(0, 20).every((status) => status !== 429)).toBe(true);
    expect(answers[20]).toBe(429);
  });

  it('keeps reads in process memory, so a read costs no round trip', async () => {
    expect(await statuses([1, 2, 3, 4].map(() => ({ t: first, request: read })))).toEqual([
      200, 200, 200, 429,
    ]);
    expect((await second.app.inject(read)).statusCode).toBe(200);
  });
});

describe('rate limiting when Redis does not answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port nobody listens on: every count falls back to this process.
    t = await createTestApp({
      rateLimit: { max: 2, timeWindow: '1 minute' },
      env: { REDIS_URL: 'redis://127.0.0.1:1' },
    });
  });
  afterAll(() => t.close());

  it('still limits, in this process, and still answers', async () => {
    expect(await statuses([1, 2, 3].map(() => ({ t, request: mutation })))).toEqual([401, 401, 429]);
  });
});
