import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('request logging', () => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp({ logger: { level: 'info', stream } });
  });
  afterAll(() => t.close());

  it('writes one line per request, when it completes, with the request, status, time and id', async () => {
    lines.length = 0;
    const ok = await t.app.inject({ method: 'GET', url: '/healthz' });
    const refused = await t.app.inject({ method: 'GET', url: '/api/v2/users/me' });
    expect([ok.statusCode, refused.statusCode]).toEqual([200, 401]);
    const requests = lines.filter((line) => line.req || line.res);
    expect(requests).toHaveLength(2);
    expect(
      requests.map((line) => [line.msg, line.reqId, (line.res as { statusCode: number }).statusCode]),
    ).toEqual([
      ['request completed', ok.headers['x-request-id'], 200],
      ['request completed', refused.headers['x-request-id'], 401],
    ]);
    expect(requests[1]).toMatchObject({ req: { method: 'GET', url: '/api/v2/users/me' } });
    expect(typeof requests[1]!.responseTime).toBe('number');
  });
});
