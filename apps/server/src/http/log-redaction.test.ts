import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContract } from '@mergeboard/core';
import { createTestApp, type TestApp } from '../testing/test-app';
import { redactText, redactUrl, logSerializers } from './log-redaction';
import { defineRoute } from './route';

describe('redaction of logged URLs and errors', () => {
  it('keeps the path and the query keys, and drops every query value', () => {
    expect(redactUrl('/api/v2/users/suggest?search=pat%40gmail.com&limit=5')).toBe(
      '/api/v2/users/suggest?search=[redacted]&limit=[redacted]',
    );
    expect(redactUrl('/api/users/me/campaigns?filterBy=search:ann&sortBy=date:desc#x')).toBe(
      '/api/users/me/campaigns?filterBy=[redacted]&sortBy=[redacted]',
    );
    expect(redactUrl('/api/x?flag&empty=')).toBe('/api/x?flag&empty=');
    expect(redactUrl('/healthz')).toBe('/healthz');
  });

  it('redacts addresses in a path, raw or percent-encoded', () => {
    const space = '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
    expect(redactUrl(`/api/users/workspace-activation-delete-bounces/me/${space}/pat%40gmail.com`)).toBe(
      `/api/users/workspace-activation-delete-bounces/me/${space}/[email]`,
    );
    expect(
      redactUrl(`/api/users/workspace-activation-delete-bounces/me/${space}/Jo.Doe+x@Acme.example`),
    ).toBe(`/api/users/workspace-activation-delete-bounces/me/${space}/[email]`);
  });

  it('redacts addresses and query values in free text, and the parameters of a failed query', () => {
    expect(redactText('Key (workspace_id, email)=(1, pat@gmail.com) already exists.')).toBe(
      'Key (workspace_id, email)=(1, [email]) already exists.',
    );
    expect(redactText("'/api/x/a%40b.example?search=ann' is not a valid url component")).toBe(
      "'/api/x/[email]?search=[redacted]' is not a valid url component",
    );
    expect(redactText('Failed query: select 1 where email = $1\nparams: ann@acme.example,7')).toBe(
      'Failed query: select 1 where email = $1\nparams: [redacted]',
    );
    expect(redactText('no address here: a @ b, user@localhost')).toBe(
      'no address here: a @ b, user@localhost',
    );
  });

  it('serialises requests with the redacted URL and errors with every text redacted', () => {
    const req = logSerializers.req({
      method: 'GET',
      url: '/api/v2/users/suggest?search=pat%40gmail.com',
      headers: {},
      host: 'localhost',
      ip: '127.0.0.1',
      socket: { remotePort: 5000 },
    } as never);
    expect(req).toMatchObject({ method: 'GET', url: '/api/v2/users/suggest?search=[redacted]' });

    const error = new Error('no account for ann@acme.example', {
      cause: Object.assign(new Error('duplicate (email)=(ann@acme.example)'), { detail: 'ann@acme.example' }),
    });
    const serialised = JSON.stringify(logSerializers.err(error));
    expect(serialised).not.toContain('ann@acme.example');
    expect(serialised).toContain('no account for [email]');
    expect(serialised).toContain('"stack"');
  });
});

describe('the server log', () => {
  let t: TestApp;
  const lines: string[] = [];
  const boom = defineContract({
    method: 'GET',
    path: '/api/v1/test-boom/:who',
    summary: 'Fails on purpose',
    tags: ['test'],
    params: z.object({ who: z.string() }),
    query: z.object({ search: z.string().optional() }),
    response: z.object({}),
  });
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    t = await createTestApp({
      logger: { level: 'info', stream },
      routes: [
        defineRoute({
          contract: boom,
          access: { kind: 'public' },
          handler: ({ params, query }) => {
            throw new Error(`no row for ${params.who} (${query.search ?? ''})`);
          },
        }),
      ],
    });
  });
  afterAll(() => t.close());

  it('writes 500s with the request id and path, but no address from the URL or the error', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/test-boom/ann%40acme.example?search=pat%40gmail.com',
    });
    expect(res.statusCode).toBe(500);
    const logged = lines.join('\n');
    expect(logged).toContain('unhandled error');
    for (const address of ['ann@acme.example', 'ann%40acme.example', 'pat@gmail.com', 'pat%40gmail.com']) {
      expect(logged).not.toContain(address);
    }
    const incoming = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const request = incoming.find((entry) => entry.msg === 'request completed') as {
      reqId: string;
      req: { url: string };
    };
    expect(request.req.url).toBe('/api/v1/test-boom/[email]?search=[redacted]');
    expect(request.reqId).toBe(res.headers['x-request-id']);
    const failure = incoming.find((entry) => entry.msg === 'unhandled error') as { reqId: string };
    expect(failure.reqId).toBe(request.reqId);
  });
});
