import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { API_BASES } from '@mergeboard/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../testing/sessions';
import { createTestApp, type TestApp } from '../testing/test-app';
import { securityHeaders } from './security-headers';

const AUTH_BASE = API_BASES.auth;

const options = {
  contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:'] } },
  strictTransportSecurity: false,
};

describe('security headers', () => {
  it('are the headers helmet itself sets for the same options', () => {
    const response = new ServerResponse(new IncomingMessage(new Socket()));
    response.setHeader('x-powered-by', 'someone');
    helmet(options)(response.req, response, () => undefined);
    expect(Object.fromEntries(securityHeaders(options))).toEqual(
      Object.fromEntries(
        Object.entries(response.getHeaders())
          .filter(([name]) => name !== 'x-powered-by')
          .map(([name, value]) => [name, String(value)]),
      ),
    );
  });

  describe('on the app', () => {
    let plain: TestApp;
    let secure: TestApp;
    beforeAll(async () => {
      plain = await createTestApp();
      // Google sign-in: the built-in issuer is for private, plain-http installs; the payment
      // sandbox is said on purpose, as a staging install would.
      secure = await createTestApp({
        env: {
          PUBLIC_URL: 'https://mail.example.com',
          GOOGLE_CLIENT_ID: 'client-id',
          GOOGLE_CLIENT_SECRET: 'client-secret',
          PAYMENTS_SANDBOX: 'allow',
        },
      });
    });
    afterAll(async () => {
      await plain.close();
      await secure.close();
    });

    it('go with every answer: a page, an API refusal and an unknown path', async () => {
      for (const url of ['/healthz', '/api/v2/users/me', '/api/nothing-here']) {
        const res = await plain.app.inject({ method: 'GET', url });
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(res.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
        expect(res.headers['content-security-policy']).toContain("img-src 'self' data: https:");
        expect(res.headers['strict-transport-security']).toBeUndefined();
      }
    });

    it('keep every API answer out of caches: a signed-in answer, a refusal, a token call', async () => {
      const caller = await signedInAs(plain, 'cache@acme.example');
      const answers = [
        await plain.app.inject({
          method: 'GET',
          url: '/api/v2/users/workspace-activation-status/me',
          headers: caller.headers,
        }),
        await plain.app.inject({ method: 'GET', url: '/api/v2/users/me' }),
        await plain.app.inject({ method: 'POST', url: `${AUTH_BASE}/v1/auth/token`, payload: {} }),
      ];
      expect(answers.map((res) => res.statusCode)).toEqual([200, 401, 400]);
      for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
    });

    it('ask for https (HSTS) only when the server is reached over https', async () => {
      const res = await secure.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    });
  });
});
