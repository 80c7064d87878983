import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@mergeboard/core';
import { createListeningTestApp } from '../testing/listening-app';
import type { TestApp } from '../testing/test-app';

/** One request over a real socket; Node's HTTP parser answers some before Fastify sees them. */
function get(baseUrl: string, path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, baseUrl), { method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** Raw bytes on a socket, answering whatever comes back before the server closes it. */
function raw(baseUrl: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('errors raised before any route runs', () => {
  let t: TestApp & { baseUrl: string };
  beforeAll(async () => {
    t = await createListeningTestApp();
  });
  afterAll(() => t.close());

  it('API-003 a 100 KB query string answers 431 in the one error shape', async () => {
    const res = await get(t.baseUrl, `/api/v2/users/suggest?search=${'a'.repeat(100_000)}`);
    expect(res.status).toBe(431);
    expect(res.type).toMatch(/^application\/json/);
    const body = errorBodySchema.parse(JSON.parse(res.body));
    expect(body.error.code).toBe('headers_too_large');
    expect(body.error.message).toMatch(/URL and headers/);
  });

  it('a request that is not HTTP answers 400 in the one error shape', async () => {
    const answer = await raw(t.baseUrl, 'NOT HTTP AT ALL\r\n\r\n');
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(errorBodySchema.parse(JSON.parse(body!)).error.code).toBe('bad_request');
  });
});
