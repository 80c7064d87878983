import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SESSION_COOKIE,
  clearSessionCookie,
  sessionRowIdFromCookie,
  setSessionCookie,
} from './refresh-cookie';

const secret = 'test-secret-test-secret-test-secret-000';
const rowId = '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

describe('the session cookie', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    await app.register(fastifyCookie);
    for (const secure of [false, true]) {
      app.get(secure ? '/set-https' : '/set', (_request, reply) => {
        setSessionCookie(reply, { secret, secure }, rowId);
        return reply.send('ok');
      });
    }
    app.get('/clear', (_request, reply) => {
      clearSessionCookie(reply, { secret, secure: true });
      return reply.send('ok');
    });
    app.get('/read', (request) => ({ rowId: sessionRowIdFromCookie(request, secret) }));
  });
  afterAll(() => app.close());

  const setCookies = async (url: string) => {
    const header = (await app.inject({ method: 'GET', url })).headers['set-cookie'];
    return Array.isArray(header) ? header : [header!];
  };
  const read = async (cookie: string) =>
    (
      (await app.inject({ method: 'GET', url: '/read', headers: { cookie } })).json() as {
        rowId: string | null;
      }
    ).rowId;

  it('AUTH-010 is Secure under https, HttpOnly and SameSite=Lax, on the auth calls and /mailbox', async () => {
    const lines = await setCookies('/set-https');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatch(/; Secure/i);
    expect((await setCookies('/set')).some((line) => /Secure/i.test(line))).toBe(false);
    const cleared = await setCookies('/clear');
    expect(cleared.map((line) => /Path=([^;]+)/.exec(line)?.[1]).sort()).toEqual([
      '/api/v1/auth',
      '/mailbox',
    ]);
    for (const line of cleared) expect(line).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it('AUTH-010 vouches for its session only with the MAC made from SESSION_SECRET', async () => {
    const [line] = await setCookies('/set');
    const value = line!.split(';')[0]!.slice(`${SESSION_COOKIE}=`.length);
    expect(await read(`${SESSION_COOKIE}=${value}`)).toBe(rowId);
    const mac = decodeURIComponent(value).split('.')[1]!;
    const otherRow = '00000000-0000-4000-8000-000000000000';
    for (const forged of [`${otherRow}.${mac}`, `${rowId}.${mac.slice(1)}x`, rowId, `${rowId}.`, '.x', '']) {
      expect(await read(`${SESSION_COOKIE}=${encodeURIComponent(forged)}`), forged).toBeNull();
    }
    expect(await read('other=1')).toBeNull();
  });
});
