import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@mergeboard/core';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe("the built-in issuer's sign-in form", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('AUTH-001 is rate-limited like the other sign-in calls: 30 rapid form posts meet 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/oidc/interaction/some-interaction/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email: `guess${i}@acme.example`, name: '' }).toString(),
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(errorBodySchema.parse(res.json()).error.code).toBe('rate_limited');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    // The first ones reach the form (an unknown interaction: the 'expired' page), then the limit.
    expect(statuses[0]).toBe(400);
    expect(statuses).toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });
});
